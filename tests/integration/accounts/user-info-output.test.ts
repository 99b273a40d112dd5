import { describe, expect, it } from 'vitest';
import { userInfo } from '@/contract/api/account';
import type { UserInfo } from '@/contract/user';
import { profile } from '@/server/accounts/api';
import { Reply } from '@/server/http/handler';
import { type Run, serve } from '@/server/http/serve';
import { callApi } from '../../support/api';
import { registerUser } from '../../support/factories';
import { logged } from '../../support/logs';

/** user_info served by its real declaration and run function, with one field taken out of the answer. */
function losing(field: keyof UserInfo) {
  const run: Run<typeof userInfo> = async (args) => {
    const answer = await profile(args);
    const info = { ...(answer instanceof Reply ? answer.info : answer) } as Partial<UserInfo>;
    delete info[field];
    return info as UserInfo;
  };
  return serve(userInfo, run).POST;
}

describe('user_info answers are checked against their declaration', () => {
  it('answers the profile the pages read as declared', async () => {
    const account = await registerUser();
    const res = await callApi<UserInfo>(serve(userInfo, profile).POST, { token: account.token });
    expect(res.status).toBe(200);
    expect(res.info).toMatchObject({ email: account.email, email_verified: true, is_admin: false });
  });

  // The header reads is_admin and name, the account page email_verified and email, the verify page user_id.
  for (const field of ['user_id', 'name', 'email', 'email_verified', 'is_admin'] as const)
    it(`fails with a server error when the answer loses ${field}`, async () => {
      const account = await registerUser();
      const res = await callApi(losing(field), { token: account.token, lang: 'en-us' });
      expect(res.status).toBe(500);
      expect(res.code).toBe(0);
      expect(res.info).toBeNull();
      const line = logged('answer does not match its schema').at(-1);
      expect(line).toMatchObject({ operation: 'userInfo' });
      expect(JSON.stringify(line?.issues)).toContain(field);
    });
});
