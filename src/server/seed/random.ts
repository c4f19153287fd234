import { v7 as uuidv7 } from 'uuid';

/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same demonstration
 * data, ids included, on every machine.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks a key by weight: `{ A: 3, B: 1 }` gives A three times out of four. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal around a median: how public contract amounts are spread (many small, few large). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** A UUID v7 whose time part is `msecs` and whose random part comes from this generator. */
  uuid(msecs: number): string {
    const random = new Uint8Array(16);
    for (let i = 0; i < 16; i++) random[i] = Math.floor(this.next() * 256);
    return uuidv7({ msecs, random });
  }
}

/** Picks items by weight in O(log n); built once, used for millions of picks. */
export class WeightedPicker<T> {
  private readonly cumulative: number[];

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    this.cumulative = weights.map((weight) => {
      sum += weight;
      return sum;
    });
  }

  /**
   * Ranked items with Zipf-like weights (1/rank^exponent): a few suppliers win most contracts,
   * as in real procurement data.
   */
  static zipf<T>(items: readonly T[], exponent: number): WeightedPicker<T> {
    return new WeightedPicker(
      items,
      items.map((_, rank) => 1 / (rank + 1) ** exponent),
    );
  }

  pick(random: Random): T {
    const total = this.cumulative[this.cumulative.length - 1] ?? 0;
    const roll = random.next() * total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.cumulative[mid]! > roll) high = mid;
      else low = mid + 1;
    }
    return this.items[low]!;
  }
}
