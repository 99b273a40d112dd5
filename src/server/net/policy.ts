import 'server-only';
import ipaddr from 'ipaddr.js';

export type FetchFailure =
  | 'invalid_url'
  | 'scheme'
  | 'port'
  | 'credentials'
  | 'private_address'
  | 'dns'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'network';

/** Why an outbound fetch was refused or failed; `reason` is stable, callers translate it. */
export class FetchError extends Error {
  /** The redirects followed before it failed (where a site sent the visitor, even if unreachable). */
  redirects: { url: string; status: number; location?: string }[] = [];

  constructor(
    readonly reason: FetchFailure,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'FetchError';
  }
}

export type TargetPolicy = {
  /** Loopback and private targets: only for tests and local development (off by default). */
  allowPrivate: boolean;
  /** Ports besides 80 and 443 that may be fetched. */
  extraPorts: readonly number[];
  /**
   * Exact addresses allowed whatever their range. Never read from configuration: tests name the
   * one local server they stand up, to prove that everything around it stays refused.
   */
  trustedAddresses?: readonly string[];
};

/** The address as ipaddr.js reads it, IPv4-mapped IPv6 unwrapped to the IPv4 it carries. */
function parsed(ip: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address();
  }
  return address;
}

/** IPv4-compatible IPv6 (`::7f00:1`, deprecated since 2006): ipaddr.js calls it unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Only public unicast addresses. IPv4-mapped IPv6 is judged as the IPv4 it carries; 6to4,
 * Teredo, NAT64, IPv4-compatible IPv6 and every special range (loopback, private, link-local and
 * the cloud metadata address 169.254.169.254, CGNAT, multicast, 0.0.0.0, ::) are refused.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = parsed(ip);
  if (address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE)) return false;
  return address.range() === 'unicast';
}

const PRIVATE_WHEN_ALLOWED = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/** With `allowPrivate`, loopback and private networks too; link-local (cloud metadata) never. */
export function isAllowedAddress(ip: string, policy: TargetPolicy): boolean {
  if (isPublicAddress(ip)) return true;
  if (!ipaddr.isValid(ip)) return false;
  const address = parsed(ip);
  if (
    policy.trustedAddresses?.some((t) => ipaddr.isValid(t) && parsed(t).toString() === address.toString())
  ) {
    return true;
  }
  return policy.allowPrivate && PRIVATE_WHEN_ALLOWED.has(address.range());
}

/**
 * Parses with WHATWG URL (which already turns `0x7f.1`, `2130706433` and `017700000001` into
 * 127.0.0.1) and applies the scheme, port and credential rules. Host names are checked
 * again at connection time, against the address actually dialled.
 */
export function checkTarget(raw: string | URL, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = typeof raw === 'string' ? new URL(raw) : new URL(raw.href);
  } catch {
    throw new FetchError('invalid_url', String(raw));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('scheme', url.protocol);
  if (url.username || url.password) throw new FetchError('credentials', url.host);
  const host = hostOf(url);
  if (ipaddr.isValid(host) && !isAllowedAddress(host, policy)) throw new FetchError('private_address', host);
  if (!host || host === 'localhost' || host.endsWith('.localhost')) {
    if (!policy.allowPrivate) throw new FetchError('private_address', host || '(empty)');
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port !== 80 && port !== 443 && !policy.extraPorts.includes(port) && !policy.allowPrivate) {
    throw new FetchError('port', String(port));
  }
  return url;
}

/** The host without IPv6 brackets or a trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}
