import { formatHostname } from 'next/dist/server/lib/format-hostname';
import { NextURL } from 'next/dist/server/web/next-url';
import { describe, expect, it } from 'vitest';
import { nextHostname } from './next-hostname';

/** The origin Next's router compares proxy rewrites against, and the one the proxy itself sees. */
const routerOrigin = (host: string) => `http://${formatHostname(nextHostname(host))}:3001`;
const proxyOrigin = (host: string) => new NextURL(`${routerOrigin(host)}/`).origin;

describe('the host name Next builds its URLs with', () => {
  it.each([
    '127.0.0.1',
    '127.0.1.1',
    '::1',
    '[::1]',
    'localhost',
    '0.0.0.0',
    '::',
    '10.1.2.3',
    'portal.internal',
  ])('binding %s, a rewrite to the same page stays on the server own origin', (host) => {
    expect(proxyOrigin(host)).toBe(routerOrigin(host));
  });

  it('keeps an address Next does not rename', () => {
    expect(nextHostname('0.0.0.0')).toBe('0.0.0.0');
    expect(nextHostname('10.1.2.3')).toBe('10.1.2.3');
  });
});
