import ipaddr from 'ipaddr.js';
import { env, siteUrl } from '../config/env';

// No `server-only` here: src/proxy.ts imports this file too.

/** Headers through which a proxy says who connected and how; a client can send them as well. */
export const FORWARDING = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
  'x-real-ip',
  'forwarded',
];

/**
 * Run by src/proxy.ts before Next's server fills the x-forwarded-* headers. Next keeps an
 * X-Forwarded-For the client sent and writes the socket address only when there is none
 * (base-server.js: `??=`), so unless our own proxies stand in front (TRUST_PROXY) the client's
 * claims are dropped here and the route sees the connection's address.
 */
export function dropUntrustedForwarding(headers: Headers): void {
  if (env().TRUST_PROXY > 0) return;
  for (const name of FORWARDING) headers.delete(name);
}

/**
 * The caller's address as limits count it: the X-Forwarded-For entry the outermost trusted proxy
 * appended (TRUST_PROXY entries from the end), or without proxies the socket address Next wrote.
 * IPv6 counts by its /64, which one subscriber holds whole.
 */
export function clientAddress(headers: Headers): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const hops = Math.max(env().TRUST_PROXY, 1);
  return addressKey(chain.at(-hops) ?? chain[0] ?? '');
}

/**
 * The same for a request our HTTP server reads before Next (src/entry): the socket's address, or
 * with TRUST_PROXY the X-Forwarded-For entry the outermost trusted proxy appended.
 */
export function connectionAddress(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
): string {
  if (env().TRUST_PROXY > 0 && forwardedFor)
    return clientAddress(new Headers({ 'x-forwarded-for': forwardedFor }));
  return addressKey(socketAddress ?? '');
}

function addressKey(raw: string): string {
  // Proxies may write `1.2.3.4:5678` or `[2001:db8::1]:443`.
  const text = raw.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  if (!ipaddr.isValid(text)) return raw.slice(0, 64) || 'unknown';
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/** Whether the browser reached us over https: the public address says so, or a trusted proxy does. */
export function servedOverHttps(headers: Headers): boolean {
  if (siteUrl().startsWith('https:')) return true;
  return headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase() === 'https';
}
