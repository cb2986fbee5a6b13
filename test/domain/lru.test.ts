import { describe, expect, it } from 'vitest';
import { LruCache } from '../../worker/lib/lru';

describe('LruCache (the host answers an isolate keeps, decision 332)', () => {
  it('keeps at most its size, forgetting the least recently used first', () => {
    const cache = new LruCache<string, number>(3);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.set(k, v);
    expect(cache.get('a')).toBe(1); // a used: b is now the least recent
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    cache.set('c', 30); // a set counts as a use
    cache.set('e', 5);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(30);
  });

  it('stays bounded over ten thousand hosts', () => {
    const cache = new LruCache<string, number>(1000);
    for (let i = 0; i < 10_000; i++) cache.set(`ecole${i}.ht`, i);
    expect(cache.size).toBe(1000);
    expect(cache.get('ecole9999.ht')).toBe(9999);
    expect(cache.get('ecole0.ht')).toBeUndefined();
  });
});
