import { describe, expect, it } from 'vitest';
import { applyPublicChange } from './change-bus';
import { memoCache } from './memo';

const counter = () => {
  const calls: string[] = [];
  const load = (key: string) => () => {
    calls.push(key);
    return Promise.resolve(key.toUpperCase());
  };
  return { calls, load };
};

describe('memoCache', () => {
  it('loads a key once while it is fresh, and callers during the load share it', async () => {
    const cache = memoCache('t-once', { ttlMs: 60_000, maxEntries: 10, tags: [] });
    const { calls, load } = counter();
    const [a, b] = await Promise.all([cache.get('a', load('a')), cache.get('a', load('a'))]);
    expect([a, b, await cache.get('a', load('a'))]).toEqual(['A', 'A', 'A']);
    expect(calls).toEqual(['a']);
  });

  it('keeps a popular key when visitors fill the cache with new ones', async () => {
    const cache = memoCache('t-lru', { ttlMs: 60_000, maxEntries: 3, tags: [] });
    const { calls, load } = counter();
    await cache.get('home', load('home'));
    for (const word of ['q1', 'q2', 'q3', 'q4']) {
      await cache.get('home', load('home'));
      await cache.get(word, load(word));
    }
    expect(calls.filter((k) => k === 'home')).toHaveLength(1);
    await cache.get('q1', load('q1'));
    expect(calls.filter((k) => k === 'q1')).toHaveLength(2); // the oldest search made room
  });

  it('loads again once an entry has expired or was cleared', async () => {
    const cache = memoCache('t-ttl', { ttlMs: 20, maxEntries: 10, tags: [] });
    const { calls, load } = counter();
    await cache.get('a', load('a'));
    await new Promise((r) => setTimeout(r, 40));
    await cache.get('a', load('a'));
    cache.clear();
    await cache.get('a', load('a'));
    expect(calls).toEqual(['a', 'a', 'a']);
  });

  it('does not keep a failed load', async () => {
    const cache = memoCache('t-fail', { ttlMs: 60_000, maxEntries: 10, tags: [] });
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    await Promise.resolve();
    expect(await cache.get('a', () => Promise.resolve('back'))).toBe('back');
  });

  it('drops its entries when a change touches one of its tags, and only then', async () => {
    const cache = memoCache('t-tags', { ttlMs: 60_000, maxEntries: 10, tags: ['store'] });
    const { calls, load } = counter();
    await cache.get('a', load('a'));
    applyPublicChange(['blog']);
    await cache.get('a', load('a'));
    applyPublicChange(['store']);
    await cache.get('a', load('a'));
    expect(calls).toEqual(['a', 'a']);
  });
});
