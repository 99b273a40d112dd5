import 'server-only';
import dns from 'node:dns';
import { LRUCache } from 'lru-cache';

export type Resolved = { address: string; family: number }[];

/** Answers that mean "no such name here", after which the hosts file may still know it. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);
/** How long an answer is reused. Short: a check sees a site as it is now, and every address is checked at connect anyway. */
const FOUND_TTL_MS = 60_000;
const FAILED_TTL_MS = 10_000;

/**
 * Resolves names for outbound fetches with c-ares (a socket on the event loop, a short timeout),
 * not getaddrinfo: getaddrinfo holds one of libuv's four pool threads, shared with file reads,
 * hashing and compression, for as long as the system resolver waits, and a hostile page can name
 * thirty hosts under a zone whose servers never answer. Only a name DNS says does not exist is then
 * asked of the system (the hosts file, `localhost`), which answers that at once. A name asked again
 * while its answer is coming, or soon after, shares that answer: a check fetches many files from
 * few hosts, and a burst of identical queries is what resolvers drop.
 */
export function nameResolver(servers?: string[]) {
  const resolver = new dns.promises.Resolver({ timeout: 1_000, tries: 2 });
  if (servers) resolver.setServers(servers);
  const answers = new LRUCache<string, Promise<Resolved>>({ max: 10_000, ttl: FOUND_TTL_MS });

  async function ask(hostname: string): Promise<Resolved> {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const found = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (found.length) return found;
    const why = (v4.status === 'rejected' ? v4.reason : undefined) as NodeJS.ErrnoException | undefined;
    if (why?.code && !NO_SUCH_NAME.has(why.code)) throw why;
    return dns.promises.lookup(hostname, { all: true });
  }

  return function resolve(hostname: string): Promise<Resolved> {
    const key = hostname.toLowerCase();
    const known = answers.get(key);
    if (known) return known;
    const answer = ask(key);
    answers.set(key, answer);
    answer.catch(() => answers.set(key, answer, { ttl: FAILED_TTL_MS }));
    return answer;
  };
}
