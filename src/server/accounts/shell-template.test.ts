import { describe, expect, it } from 'vitest';
import { accountInitial, accountLabel } from '@/contract/account-label';
import type { UserInfo } from '@/contract/user';
import { compileShell, fillShell, placeholderUser, shellShape } from './shell-template';

const base: UserInfo = {
  user_id: 42,
  name: 'Ada',
  email: 'ada@example.com',
  email_verified: true,
  is_admin: false,
  site: 'https://ada.example',
  qq: '',
  wechat: '',
  create_time: 1_700_000_000,
};

// As React escapes markup, and as Next inlines a Flight row: JSON of the row, in a script string.
const markup = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );
const inline = (row: string) =>
  `<script>self.__next_f.push(${JSON.stringify([1, row]).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )})</script>`;
const flightValue = (v: unknown) => (typeof v === 'string' && v.startsWith('$') ? `$${v}` : v);

/** A page as the layout renders it for `user`: the header's markup and the Flight row handing the account over. */
function page(user: UserInfo) {
  const props = Object.fromEntries(Object.entries(user).map(([k, v]) => [k, flightValue(v)]));
  const header = `<a href="/user" title="${markup(accountLabel(user))}"><span>${markup(accountInitial(user))}</span><span>${markup(accountLabel(user))}</span></a>`;
  return `<html><body><header>${header}</header>${inline(`5:${JSON.stringify({ initialUser: props })}\n`)}<p>ok</p></body></html>`;
}

/** The account a page hands to its scripts, read back the way the browser reads it. */
function handedOver(html: string) {
  const script = /<script>self\.__next_f\.push\((.*?)\)<\/script>/.exec(html)![1]!;
  const row = (JSON.parse(script) as [number, string])[1];
  const props = JSON.parse(row.slice(row.indexOf(':') + 1)).initialUser as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(props).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('$$') ? v.slice(1) : v]),
  );
}

function shellFor(user: UserInfo) {
  const template = placeholderUser(shellShape(user)!)!;
  return page(template);
}

const filled = (body: string, user: UserInfo) => {
  const shell = compileShell(body, shellShape(user)!);
  return shell && fillShell(shell, user).toString('utf8');
};

describe('logged-in page shells', () => {
  it('fill in exactly what a full render of the page would hold, for hostile values too', () => {
    for (const user of [
      base,
      { ...base, name: '', email: 'x@example.com' },
      { ...base, name: `$"O'Neil" & <3 \\ \u2028 😀`, is_admin: true },
      { ...base, name: 'é', site: '</script><script>alert(1)</script>', qq: '$$' },
      { ...base, name: '星河工作室', wechat: 'a&b' },
      // Our placeholder characters in a value are that value, as a full render would show it.
      { ...base, name: 'Eve\uE001\uE002', site: '\uE000site\uE001' },
    ]) {
      const page1 = filled(shellFor(user), user);
      expect(page1).toBe(page(user));
      expect(handedOver(page1!)).toEqual(user);
    }
  });

  it('share a shell between accounts of one shape, not across shapes', () => {
    expect(shellShape({ ...base, name: 'Bob', user_id: 7 })).toBe(shellShape(base));
    expect(shellShape({ ...base, name: '' })).not.toBe(shellShape(base));
    expect(shellShape({ ...base, is_admin: true })).not.toBe(shellShape(base));
    expect(shellShape({ ...base, email_verified: false })).not.toBe(shellShape(base));
  });

  it('refuse a page that is not a shell, or a shell of another shape', () => {
    // An anonymous page (no account handed over) must never go to a logged-in visitor.
    expect(filled('<html><header><button>登录</button></header></html>', base)).toBeNull();
    expect(filled(shellFor({ ...base, name: '' }), base)).toBeNull();
  });

  it('refuse a shell with a placeholder its shape does not know', () => {
    expect(filled(shellFor(base).replace('<p>ok</p>', '<p>\uE000secret\uE001</p>'), base)).toBeNull();
  });

  it('accept only shapes of our own making', () => {
    expect(placeholderUser('user_id:n,name:s')).toMatchObject({ name: expect.any(String) });
    expect(placeholderUser('name:x')).toBeNull();
    expect(placeholderUser('na-me:s')).toBeNull();
  });
});
