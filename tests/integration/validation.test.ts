import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { LOCALES } from '@/contract/locales';
import { hashPassword } from '@/server/accounts/password';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { callApi, type Route } from '../support/api';
import { registerUser, uniqueEmail, validProfile } from '../support/factories';
import { messageText } from '../support/messages';

type Case = { name: string; payload: () => Record<string, unknown>; field: string; key: string };

const accountCases: Case[] = [
  {
    name: 'no email',
    payload: () => ({ password: 'calm-river-42' }),
    field: 'email',
    key: 'valid.emailRequired',
  },
  {
    name: 'blank email',
    payload: () => ({ email: '  ', password: 'calm-river-42' }),
    field: 'email',
    key: 'valid.emailRequired',
  },
  {
    name: 'email without @',
    payload: () => ({ email: 'dev.example.com', password: 'calm-river-42' }),
    field: 'email',
    key: 'valid.emailFormat',
  },
  {
    name: 'email with a 1-letter top level',
    payload: () => ({ email: 'dev@example.c', password: 'calm-river-42' }),
    field: 'email',
    key: 'valid.emailFormat',
  },
  {
    name: 'email over 100 characters',
    payload: () => ({ email: `${'a'.repeat(95)}@example.com`, password: 'calm-river-42' }),
    field: 'email',
    key: 'valid.emailTooLong',
  },
  {
    name: 'no password',
    payload: () => ({ email: uniqueEmail() }),
    field: 'password',
    key: 'valid.passwordRequired',
  },
  {
    name: 'empty password',
    payload: () => ({ email: uniqueEmail(), password: '' }),
    field: 'password',
    key: 'valid.passwordRequired',
  },
  {
    name: 'password of 21 characters',
    payload: () => ({ email: uniqueEmail(), password: 'a'.repeat(21) }),
    field: 'password',
    key: 'valid.passwordLength',
  },
];

/** What a new password must be; a login still takes the password an older account was made with. */
const newPasswordCases: Case[] = [
  {
    name: 'password of 7 characters',
    payload: () => ({ email: uniqueEmail(), password: 'pass-12' }),
    field: 'password',
    key: 'valid.passwordLength',
  },
  {
    name: 'one of the most used passwords',
    payload: () => ({ email: uniqueEmail(), password: 'Password123' }),
    field: 'password',
    key: 'valid.passwordCommon',
  },
  {
    name: 'a common password in capitals',
    payload: () => ({ email: uniqueEmail(), password: 'QWERTYUIOP' }),
    field: 'password',
    key: 'valid.passwordCommon',
  },
];

const profileCases: Case[] = [
  {
    name: 'no developer name',
    payload: () => validProfile({ name: '' }),
    field: 'name',
    key: 'valid.nameRequired',
  },
  {
    name: 'developer name over 50 characters',
    payload: () => validProfile({ name: 'n'.repeat(51) }),
    field: 'name',
    key: 'valid.nameTooLong',
  },
  {
    name: 'no developer site',
    payload: () => validProfile({ site: '' }),
    field: 'site',
    key: 'valid.siteRequired',
  },
  {
    name: 'site without http(s)',
    payload: () => validProfile({ site: 'studio.example.com' }),
    field: 'site',
    key: 'valid.siteFormat',
  },
  {
    name: 'no email',
    payload: () => validProfile({ email: '' }),
    field: 'email',
    key: 'valid.emailRequired',
  },
  {
    name: 'malformed email',
    payload: () => validProfile({ email: 'studio@' }),
    field: 'email',
    key: 'valid.emailFormat',
  },
  {
    name: 'malformed QQ number',
    payload: () => validProfile({ qq: '12ab' }),
    field: 'qq',
    key: 'valid.qqFormat',
  },
  {
    name: 'malformed WeChat ID',
    payload: () => validProfile({ wechat: '1abc' }),
    field: 'wechat',
    key: 'valid.wechatFormat',
  },
];

async function expectMessage(route: Route, c: Case, token?: string) {
  for (const lang of LOCALES) {
    const res = await callApi<{ field: string }>(route, { json: c.payload(), lang, token });
    expect(res.status, `${c.name} (${lang})`).toBe(200);
    expect(res.code, `${c.name} (${lang})`).toBe(0);
    expect(res.msg, `${c.name} (${lang})`).toBe(messageText(lang, c.key));
    expect(res.info.field).toBe(c.field);
  }
}

describe.each([
  ['register', register],
  ['login', login],
])('%s validation', (_name, route) => {
  it.each(accountCases.map((c) => [c.name, c] as const))(
    '%s: translated message in every language',
    async (_n, c) => {
      await expectMessage(route, c);
    },
  );
});

describe('register validation of the new password', () => {
  it.each(newPasswordCases.map((c) => [c.name, c] as const))(
    '%s: translated message in every language',
    async (_n, c) => {
      await expectMessage(register, c);
    },
  );
});

describe('profile validation', () => {
  it.each(profileCases.map((c) => [c.name, c] as const))(
    '%s: translated message in every language',
    async (_n, c) => {
      const account = await registerUser();
      await expectMessage(userInfo, c, account.token);
    },
  );
});

describe('exact message texts', () => {
  it('speaks Simplified Chinese by default, and the lang header picks the language', async () => {
    const none = await callApi(register, { json: { password: 'calm-river-42' } });
    expect(none.msg).toBe('请输入邮箱');
    const tw = await callApi(register, { json: { email: 'bad', password: 'calm-river-42' }, lang: 'zh-tw' });
    expect(tw.msg).toBe('請輸入正確的郵箱地址');
    const en = await callApi(register, { json: { password: 'calm-river-42' }, lang: 'en-us' });
    expect(en.msg).toBe('Please enter email');
    const enFormat = await callApi(login, {
      json: { email: 'bad', password: 'calm-river-42' },
      lang: 'en-us',
    });
    expect(enFormat.msg).toBe('Please enter the correct email address');
    const fallback = await callApi(register, { json: { password: 'calm-river-42' }, lang: 'fr-fr' });
    expect(fallback.msg).toBe('请输入邮箱');
  });
});

describe('password length bounds', () => {
  it('accepts 8 and 20 characters at registration and login', async () => {
    for (const password of ['river-42', 'p'.repeat(20)]) {
      const account = await registerUser({ password });
      const res = await callApi(login, { json: { email: account.email, password } });
      expect(res.code).toBe(1);
    }
  });

  it('still logs in an account whose password was set under the older, shorter rule', async () => {
    const account = await registerUser();
    const db = await getDb();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('abc') })
      .where(eq(users.id, account.user.user_id));
    expect((await callApi(login, { json: { email: account.email, password: 'abc' } })).code).toBe(1);
  });
});
