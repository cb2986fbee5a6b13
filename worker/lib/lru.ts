// A bounded cache (decision 332): the host -> school answers an isolate keeps.
/** A Map kept in order of use: a hit moves its key last, the first key is the least recent. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K) {
    this.map.delete(key);
  }
  get size() {
    return this.map.size;
  }
}
