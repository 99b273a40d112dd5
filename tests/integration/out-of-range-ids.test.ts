import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/contract/api';
import { MAX_RECORD_ID } from '@/contract/record-id';
import { setAdmin } from '@/server/accounts/users';
import { callApi, type Route } from '../support/api';
import { type Registered, registerUser } from '../support/factories';

/** Every route module of the API, by its path (`/api/user/login` → its handlers). */
const MODULES = import.meta.glob<Record<string, unknown>>(
  '/src/app/{api,yapi,dapi,resource-api}/**/route.ts',
);
const moduleOf = (path: string) =>
  MODULES[`/src/app${path.replace(/\{product\}/, '[product]').replace(/\{(\w+)\}/g, '[...$1]')}/route.ts`];

/** Ids past what a record can have (a PostgreSQL integer), in every field that names a record. */
const ID_FIELDS = ['id', 'bind_id', 'type_id', 'version_id', 'app_id', 'item_id', 'feedback_id'];
const fields = (value: string) => ({
  ...Object.fromEntries(ID_FIELDS.map((f) => [f, value])),
  type: 'plugins',
  status: '1',
  version: '1.0.0',
  domain: 'example.com',
  name: 'x',
});

let admin: Registered;
beforeAll(async () => {
  admin = await registerUser();
  await setAdmin(admin.email, true);
});

describe('an id no record can have', () => {
  it.each([String(MAX_RECORD_ID + 1), '99999999999999999999', '1e40'])(
    'is answered %s as a failure with a message by every call, never a server error',
    async (value) => {
      const errors: string[] = [];
      let called = 0;
      // Envelope calls named by their path alone (a path parameter names a file, not a record).
      for (const op of OPERATIONS.filter((o) => !o.raw && !/\{(?!product\})/.test(o.path))) {
        const load = moduleOf(op.path);
        if (!load) continue;
        const mod = await load();
        for (const method of op.methods) {
          const handler = mod[method] as Route | undefined;
          if (!handler) continue;
          const path = op.path.replace('{product}', 'maccmspro');
          const query = method === 'GET' ? `?${new URLSearchParams(fields(value))}` : '';
          const res = await callApi(handler, {
            method,
            path: `${path}${query}`,
            ...(method === 'GET' ? {} : { form: fields(value) }),
            token: admin.token,
            lang: 'en-us',
          }).catch((error: unknown) => ({ status: 500, code: 0, msg: String(error) }));
          called++;
          if (res.status >= 500 || !res.msg) errors.push(`${method} ${op.path}: ${res.status} ${res.msg}`);
        }
      }
      expect(called).toBeGreaterThan(50);
      expect(errors).toEqual([]);
    },
    120_000,
  );
});
