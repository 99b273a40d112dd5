import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { MAX_CONTENT_LENGTH, SMALL_BODY_BYTES } from '@/contract/limits';
import type { UserInfo } from '@/contract/user';
import { BODY_BYTES_IN_FLIGHT, bodyBytesInFlight } from '@/server/http/body';
import { buildRequest, callApi } from '../support/api';
import { registerUser, uniqueEmail } from '../support/factories';

type Session = { token: string; user: UserInfo };

describe('body formats the CMS clients send', () => {
  it('registers with a form-urlencoded body', async () => {
    const email = uniqueEmail('form');
    const res = await callApi<Session>(register, { form: { email, password: 'abc123' } });
    expect(res.code).toBe(1);
    expect(res.info.user.email).toBe(email);
  });

  it('logs in with a multipart body', async () => {
    const account = await registerUser();
    const res = await callApi(login, { multipart: { email: account.email, password: account.password } });
    expect(res.code).toBe(1);
  });

  it('logs in with a multipart body whose boundary has capitals, as browsers send it', async () => {
    const account = await registerUser();
    const boundary = '----WebKitFormBoundaryAbCdEfGh12';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const res = await callApi(login, {
      text: `${part('email', account.email)}${part('password', account.password)}--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.code).toBe(1);
  });

  it('answers a multipart body that does not match its boundary with a 400 envelope', async () => {
    const res = await callApi(login, {
      text: '--other\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--other--\r\n',
      contentType: 'multipart/form-data; boundary=Expected',
      lang: 'en-us',
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(0);
  });

  it('updates the profile with JSON sent as text/plain', async () => {
    const account = await registerUser();
    const profile = { type: 'update', name: 'Plain', site: 'http://plain.example.com', email: account.email };
    const res = await callApi<UserInfo>(userInfo, { text: JSON.stringify(profile), token: account.token });
    expect(res.code).toBe(1);
    expect(res.info.name).toBe('Plain');
  });

  it('ignores debug, token and lang fields in the payload', async () => {
    const email = uniqueEmail('fields');
    const res = await callApi<Session>(register, {
      form: { email, password: 'abc123', debug: '1', token: 'junk', lang: 'en-us', _: '1700000000' },
    });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('请查收邮箱：我们已向这个地址发送了一封邮件，请按邮件中的说明继续。'); // the lang field did not switch the language; only the header does
    expect(res.info.token).not.toBe('junk');
  });
});

describe('unreadable bodies', () => {
  it('answers malformed JSON with a 400 envelope and a clear message', async () => {
    for (const [lang, msg] of [
      ['en-us', 'The request body is not valid JSON'],
      ['zh-cn', '请求内容不是有效的 JSON'],
    ]) {
      const res = await callApi(login, {
        text: '{"email": "a@b.com",',
        contentType: 'application/json',
        lang,
      });
      expect(res.status).toBe(400);
      expect(res).toMatchObject({ code: 0, msg, info: null });
    }
  });

  it('answers a JSON array with 400', async () => {
    const res = await callApi(login, { text: '["a"]', contentType: 'application/json' });
    expect(res.status).toBe(400);
  });
});

describe('body size limit of 20,000,000 bytes', () => {
  const jsonOfSize = (size: number) => {
    const head = `{"email":"${uniqueEmail('big')}","password":"abc123","pad":"`;
    return `${head}${'x'.repeat(size - head.length - 2)}"}`;
  };

  it('reads a body of exactly the limit', async () => {
    const body = jsonOfSize(MAX_CONTENT_LENGTH);
    expect(body.length).toBe(MAX_CONTENT_LENGTH);
    const res = await callApi(userInfo, {
      text: body,
      contentType: 'application/json',
      headers: { 'content-length': String(body.length) },
      token: (await registerUser()).token,
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1);
  });

  it('answers 413 when content-length declares more', async () => {
    const body = jsonOfSize(MAX_CONTENT_LENGTH + 1);
    const account = await registerUser();
    const res = await callApi(userInfo, {
      text: body,
      contentType: 'application/json',
      headers: { 'content-length': String(body.length) },
      token: account.token,
      lang: 'en-us',
    });
    expect(res.status).toBe(413);
    expect(res).toMatchObject({ code: 0, msg: 'The request is too large (at most 20,000,000 bytes)' });
  });

  it('reads no more than a small form from calls open to anyone', async () => {
    const body = jsonOfSize(SMALL_BODY_BYTES + 1);
    const res = await callApi(register, { text: body, contentType: 'application/json', lang: 'en-us' });
    expect(res.status).toBe(413);
    expect(res).toMatchObject({ code: 0, msg: 'The request is too large (at most 64,000 bytes)' });
    const fits = await callApi(register, {
      text: jsonOfSize(SMALL_BODY_BYTES - 100),
      contentType: 'application/json',
    });
    expect(fits.status).not.toBe(413);
  });

  it('answers 413 for a chunked body without content-length that grows past the limit', async () => {
    const chunk = new Uint8Array(1_000_000).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_CONTENT_LENGTH) controller.close();
        else {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    const base = buildRequest({ lang: 'zh-cn' });
    base.headers.set('content-type', 'application/json');
    const request = new Request(base.url, {
      method: 'POST',
      headers: base.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const response = await register(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 0, msg: '请求内容过大，最大 64,000 字节' });
    expect(sent).toBeLessThanOrEqual(SMALL_BODY_BYTES + 2 * chunk.byteLength);
  });

  it('refuses with 503 and Retry-After once the bodies held open together pass the process budget', async () => {
    const { token } = await registerUser();
    const each = 19_000_000;
    const count = Math.ceil(BODY_BYTES_IN_FLIGHT / each) + 1;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const chunk = new Uint8Array(1_000_000).fill(0x20);
    const held = (label: number) => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode(`{"type":"info","n":${label},"pad":"`));
          if (sent >= each) {
            await gate; // a slow client: everything sent but the end
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
            return;
          }
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const base = buildRequest({ token, lang: 'en-us' });
      base.headers.set('content-type', 'application/json');
      return userInfo(
        new Request(base.url, { method: 'POST', headers: base.headers, body, duplex: 'half' } as RequestInit),
      );
    };
    const answers = Array.from({ length: count }, (_, i) => held(i));
    // One of them is refused while the others wait on their last bytes.
    const first = await Promise.race(answers.map((a, i) => a.then((r) => ({ r, i }))));
    expect(first.r.status).toBe(503);
    expect(first.r.headers.get('retry-after')).toBeTruthy();
    expect((await first.r.json()).msg).toMatch(/briefly unavailable/);
    release();
    const statuses = await Promise.all(answers.map((a) => a.then((r) => r.status)));
    // Those that fit in the budget were read in full; the rest were refused, none half-read.
    expect(statuses.filter((s) => s === 200).length * each).toBeLessThanOrEqual(BODY_BYTES_IN_FLIGHT);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(bodyBytesInFlight()).toBe(0);
  }, 60_000);

  it('answers 413 for an oversized multipart upload', async () => {
    const data = new FormData();
    data.append('email', uniqueEmail());
    data.append('file', new Blob([new Uint8Array(MAX_CONTENT_LENGTH + 10)]), 'big.zip');
    const request = new Request('http://localhost:3000/api/user/register', { method: 'POST', body: data });
    const response = await register(request);
    expect(response.status).toBe(413);
  });
});
