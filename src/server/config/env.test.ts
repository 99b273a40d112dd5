import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const errorOf = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('parseEnv accepted a bad configuration');
};

describe('configuration', () => {
  it('runs the embedded mode with sensible defaults and nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      PRODUCT: 'maccms',
      DATA_DIR: './data',
      ADMIN_EMAILS: [],
      SESSION_TTL_DAYS: 30,
      STORAGE_DRIVER: 'local',
      RATE_LIMITS: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads flags and lists', () => {
    const env = parseEnv({
      RATE_LIMITS: 'false',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ',
      PORT: '8080',
    });
    expect(env.RATE_LIMITS).toBe(false);
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
    expect(env.PORT).toBe(8080);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/portal' }],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'boss@example.com,not-an-email' }],
    ['S3_BUCKET', { STORAGE_DRIVER: 's3' }],
    ['RATE_LIMITS', { RATE_LIMITS: 'sometimes' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['MAIL_FROM', { SMTP_URL: 'smtp://mail.example.com:587' }],
    ['MAIL_FROM', { MAIL_FROM: 'Portal <noreply@example.com>\r\nBcc: x@evil.test' }],
  ])('names %s when it is wrong', (name, source) => {
    const message = errorOf(source);
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(new RegExp(`^\\s+${name}(\\.\\d+)?: `, 'm'));
  });

  it('takes an SMTP server with its sender', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Portal <noreply@example.com>',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Portal <noreply@example.com>',
    });
    expect(parseEnv({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it('explains what DATABASE_URL should look like', () => {
    expect(errorOf({ DATABASE_URL: 'localhost:5432' })).toContain('a postgres:// connection URL');
  });
});
