import { zipSync } from 'fflate';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as upload } from '@/app/api/developer/upload/route';
import { POST as pluginAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as themeAudit } from '@/app/api/developer_theme/do_audit/route';
import { POST as themeAdd } from '@/app/api/developer_theme/theme_add/route';
import { setAdmin } from '@/server/accounts/users';
import { type ApiResult, callApi, type Route, randomIp } from '../../support/api';
import { type Registered, registerUser } from '../../support/factories';

export { FILES_ROOT, storedFiles, testStorage } from './test-storage';

const enc = (s: string) => new TextEncoder().encode(s);

type ZipOptions = { zippedFolder?: boolean };
const pack = (folder: string, files: Record<string, string>, options: ZipOptions) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, text]) => [
        options.zippedFolder ? `${folder}/${name}` : name,
        enc(text),
      ]),
    ),
  );

/** A plugin zip laid out as the CMS installs it: `Name.php` and `info.ini` at the root. */
export function pluginZip(folder = 'demo', extra: Record<string, string> = {}, options: ZipOptions = {}) {
  const cls = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;
  const files = {
    [`${cls}.php`]: `<?php\nclass ${cls} { public function run() { return 'ok'; } }\n`,
    'info.ini': `name = ${folder}\ntitle = Demo\nversion = 1.0.0\n`,
    ...extra,
  };
  return pack(folder, files, options);
}

/** A theme zip laid out as the CMS installs it (send it as `<folder>.zip`: its name is the folder). */
export function themeZip(folder = 'mytheme', extra: Record<string, string> = {}, options: ZipOptions = {}) {
  const files = {
    'info.ini': 'name = Theme\n',
    'html/index/index.html': '<html><body>{maccms:title}</body></html>',
    ...extra,
  };
  return pack(folder, files, options);
}

/** The smallest valid PNG (1x1). */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') =>
  new File([bytes as BlobPart], name, { type });

/** A multipart call with files (the shared helper sends strings only). */
export async function callMultipart<T = unknown>(
  route: Route,
  fields: Record<string, string | File | (string | File)[]>,
  options: { token?: string; lang?: string; ip?: string } = {},
): Promise<ApiResult<T>> {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  const headers = new Headers({ 'x-forwarded-for': options.ip ?? randomIp() });
  if (options.token) headers.set('token', options.token);
  if (options.lang) headers.set('lang', options.lang);
  const response = await route(
    new Request('http://localhost:3000/api/test', { method: 'POST', headers, body: data }),
  );
  return {
    ...((await response.clone().json()) as object),
    status: response.status,
    response,
  } as ApiResult<T>;
}

export async function registerAdmin(): Promise<Registered> {
  const admin = await registerUser();
  await setAdmin(admin.email, true);
  return admin;
}

export const uploadFile = (token: string, f: File, type: 'source' | 'image', kind = 'plugin') =>
  callMultipart<{
    key: string;
    url: string;
    report: { held: boolean; checks: { key: string; text: string }[] };
  }>(upload, { file: f, type, kind }, { token, lang: 'en-us' });

export const fields = (overrides: Record<string, string> = {}) => ({
  name: 'Demo plugin',
  describe: 'Does useful things',
  support_version: '2025.1000',
  version: '1.0.0',
  ...overrides,
});

let counter = 0;
/** Submits a plugin (multipart, with its files) and answers the new item's id. */
export async function submitPlugin(token: string, overrides: Record<string, string> = {}, folder?: string) {
  counter += 1;
  const res = await callMultipart<{ id: number; version_id: number }>(
    pluginsAdd,
    {
      ...fields(overrides),
      source: file(pluginZip(folder ?? `plug${counter}${Date.now() % 100000}`), 'plugin.zip'),
      pc_image: file(PNG, 'thumb.png'),
    },
    { token, lang: 'en-us' },
  );
  if (res.code !== 1) throw new Error(`submitPlugin failed: ${res.msg}`);
  return res.info;
}

export { callApi };

/** Submits, approves and releases an item through the real calls; answers its id. */
export async function releaseItem(
  dev: Registered,
  admin: Registered,
  options: { kind?: 'plugin' | 'theme'; overrides?: Record<string, string>; folder?: string } = {},
) {
  const kind = options.kind ?? 'plugin';
  counter += 1;
  const folder = options.folder ?? `${kind}${counter}${Date.now() % 100000}`;
  const res = await callMultipart<{ id: number }>(
    kind === 'plugin' ? pluginsAdd : themeAdd,
    {
      ...fields(options.overrides),
      source: file(kind === 'plugin' ? pluginZip(folder) : themeZip(folder), `${folder}.zip`),
      pc_image: file(PNG, 'thumb.png'),
    },
    { token: dev.token, lang: 'en-us' },
  );
  if (res.code !== 1) throw new Error(`releaseItem failed: ${res.msg}`);
  const { id } = res.info;
  const version = options.overrides?.version ?? '1.0.0';
  const audit = kind === 'plugin' ? pluginAudit : themeAudit;
  const approved = await callApi(audit, { json: { id, status: 1, version }, token: admin.token });
  if (approved.code !== 1) throw new Error(`approve failed: ${approved.msg}`);
  const published = await callApi(setPublish, { json: { id }, token: dev.token });
  if (published.code !== 1) throw new Error(`publish failed: ${published.msg}`);
  return { id, folder };
}
