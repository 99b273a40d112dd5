import { describe, expect, it } from 'vitest';
import type { ChangeTag } from '../../server/cache/change-bus';
import { PageStore, type Stored } from './store';

const entry = (tags: ChangeTag[], bytes = 10): Stored => ({
  status: 200,
  headers: {},
  body: Buffer.alloc(bytes),
  tags,
  storedAt: Date.now(),
  request: { method: 'GET', url: '/', headers: {} },
});

describe('the store of shared answers', () => {
  it('drops exactly the entries a change touches', () => {
    const store = new PageStore(1000);
    store.set('market', entry(['store']), store.mark());
    store.set('blog', entry(['blog']), store.mark());
    store.set('help', entry([]), store.mark());
    store.invalidate(['store']);
    expect(store.get('market')).toBeUndefined();
    expect(store.get('blog')).toBeDefined();
    store.invalidate(['all']);
    expect(store.size).toBe(0);
  });

  it('does not keep an answer rendered while a change of its tags happened', () => {
    const store = new PageStore(1000);
    const mark = store.mark();
    store.invalidate(['store']);
    expect(store.set('market', entry(['store']), mark)).toBe(false);
    expect(store.set('blog', entry(['blog']), mark)).toBe(true);
  });

  it('forgets the least recently used entries beyond its size', () => {
    const store = new PageStore(25);
    store.set('a', entry([]), store.mark());
    store.set('b', entry([]), store.mark());
    store.get('a');
    store.set('c', entry([]), store.mark());
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
  });
});
