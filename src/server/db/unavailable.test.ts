import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, markUnavailable } from './unavailable';

const pgError = (code: string) => Object.assign(new Error('x'), { code });

describe('a database that cannot answer now', () => {
  it.each([
    ['a statement timeout', pgError('57014')],
    ['a lock timeout', pgError('55P03')],
    ['a server shutting down', pgError('57P01')],
    ['a server starting', pgError('57P03')],
    ['a refused connection', pgError('ECONNREFUSED')],
    ['a dropped connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connection failure class 08', pgError('08006')],
    ['a lost connection, marked where the driver was called', markUnavailable(new Error('timeout expired'))],
    [
      'the same wrapped by the ORM',
      Object.assign(new Error('Failed query: select 1'), { cause: pgError('57014') }),
    ],
  ])('is recognised: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a bug', new TypeError('x is undefined')],
    ['an unmarked error that merely reads like an outage', new Error('Connection terminated unexpectedly')],
    ['nothing', undefined],
    // Node's error when the client closes its connection before its body is complete.
    ['a client that went away mid-body', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
  ])('is not confused with %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
