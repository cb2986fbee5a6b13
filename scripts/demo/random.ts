// Determinism of the demo data: a seeded PRNG (mulberry32) replaces Math.random and every id is a
// UUID-shaped SHA-1 of the school id and a readable key, so a fresh start always gives the same
// demo school (and a test school its own ids).
import { createHash } from 'node:crypto';

export function hash32(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32LE(0);
}

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  normal(mean: number, sd: number): number;
  weighted<T>(pairs: readonly (readonly [T, number])[]): T;
  shuffle<T>(list: readonly T[]): T[];
}

/** mulberry32: a small, good-enough PRNG; one stream per concern keeps parts independent. */
export function makeRng(seedText: string): Rng {
  let a = hash32(seedText);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    normal: (mean, sd) => {
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    weighted: (pairs) => {
      const total = pairs.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of pairs) {
        r -= w;
        if (r < 0) return value;
      }
      return pairs[pairs.length - 1]![0];
    },
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** Deterministic UUID-shaped ids (version 5 layout) so that uuid validators accept them. */
export function idMaker(instanceId: string): (key: string) => string {
  return (key) => {
    const h = createHash('sha1').update(`${instanceId}|${key}`).digest();
    h[6] = (h[6]! & 0x0f) | 0x50;
    h[8] = (h[8]! & 0x3f) | 0x80;
    const x = h.subarray(0, 16).toString('hex');
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
  };
}

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
/** Letters only, accents dropped: for e-mail addresses and NISU letters. */
export const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '');

export const DAY_MS = 86_400_000;
export const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A random day between two dates (inclusive), moved off Sunday. */
export function dayBetween(rng: Rng, from: string, to: string): string {
  const start = toDate(from).getTime();
  const days = Math.round((toDate(to).getTime() - start) / DAY_MS);
  const d = new Date(start + rng.int(0, days) * DAY_MS);
  if (d.getUTCDay() === 0) d.setTime(d.getTime() + (isoDay(d) < to ? DAY_MS : -DAY_MS));
  return isoDay(d);
}

export const stamp = (day: string, hour = 14, minute = 0) => `${day}T${pad(hour)}:${pad(minute)}:00.000Z`;
