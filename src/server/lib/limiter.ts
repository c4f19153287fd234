import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Database } from '../db/client';
import type { BackgroundTasks } from './background';
import {
  type CounterState,
  claimPlace,
  deleteCounter,
  deleteCountersStartingWith,
  deleteEndedCounters,
  hitCounter,
  releasePlace,
  renewPlaces,
} from './counters.repository';

/**
 * Where counters live. Every process of an installation must see the same counts, or N processes
 * would allow N times the limit (decision 0018): the one implementation is the database's.
 */
export interface CounterStore {
  hit(key: string, windowMs: number, now: Date): Promise<CounterState>;
  forget(key: string): Promise<void>;
  forgetStartingWith(prefix: string): Promise<void>;
  sweep(now: Date): Promise<void>;
}

/** Counters in the `rate_counters` table, on PostgreSQL or the embedded database alike. */
export function databaseCounterStore(db: Database): CounterStore {
  return {
    hit: (key, windowMs, now) => hitCounter(db, key, windowMs, now),
    forget: (key) => deleteCounter(db, key),
    forgetStartingWith: (prefix) => deleteCountersStartingWith(db, prefix),
    sweep: (now) => deleteEndedCounters(db, now),
  };
}

/**
 * Places held while something is under way (the downloads of one address): each place a row of
 * the same shared counters, held under a lease its process renews, so a place is given back when
 * the work ends, and by the lease's end when the process died.
 */
export interface PlaceStore {
  /** The first free key of `keys` now held by `token` until `until`, or null when all are held. */
  claim(keys: string[], token: number, until: Date, now: Date): Promise<string | null>;
  renew(places: { key: string; token: number }[], until: Date): Promise<void>;
  release(key: string, token: number): Promise<void>;
}

/** Places in the `rate_counters` table: the row's count holds its holder's token, reset_at its lease. */
export function databasePlaceStore(db: Database): PlaceStore {
  return {
    claim: (keys, token, until, now) => claimPlace(db, keys, token, until, now),
    renew: (places, until) => renewPlaces(db, places, until),
    release: (key, token) => releasePlace(db, key, token),
  };
}

/** Ended windows are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/** A limit: at most `max` in a fixed window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * The one home of rate limits and failure holds: the per-address limits of routes (through
 * `fastifyStore`, for @fastify/rate-limit) and the failure counters of sign-in and password checks.
 */
export class Limiter {
  private lastSweep = 0;

  constructor(
    private readonly store: CounterStore,
    private readonly now: () => Date,
    private readonly background: BackgroundTasks,
  ) {}

  /** Counts one event under `key`; `exceeded` once the window holds more than `max`. */
  async hit(key: string, limit: Limit): Promise<CounterState & { exceeded: boolean }> {
    const now = this.now();
    const state = await this.store.hit(key, limit.windowMs, now);
    this.sweepIfDue(now);
    return { ...state, exceeded: state.count > limit.max };
  }

  /** Forgets `key`, or every key under a prefix ending in ':' (e.g. all the holds of one account). */
  async clear(key: string): Promise<void> {
    if (key.endsWith(':')) await this.store.forgetStartingWith(key);
    else await this.store.forget(key);
  }

  private sweepIfDue(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    this.background.run('rate counter sweep', () => this.store.sweep(now));
  }

  /**
   * A store class for @fastify/rate-limit: each limited route counts under its own prefix
   * (method and path, or the group a route's `groupId` names) and the client's address key, in the
   * shared counters.
   */
  fastifyStore(): FastifyRateLimitStoreCtor {
    const limiter = this;
    class SharedStore implements FastifyRateLimitStore {
      private readonly prefix: string;
      constructor(options?: { prefix?: string }) {
        this.prefix = options?.prefix ?? 'route:';
      }
      incr(key: string, callback: RateLimitCallback, timeWindow: number, max: number): void {
        limiter.hit(this.prefix + key, { max, windowMs: timeWindow }).then(
          (state) =>
            callback(null, {
              current: state.count,
              ttl: Math.max(0, state.resetAt.getTime() - limiter.now().getTime()),
            }),
          (error: Error) => callback(error),
        );
      }
      child(options: RouteOptions): FastifyRateLimitStore {
        // Routes that share a limit name its group (`groupId`): one count for all of them.
        const group = (options as { groupId?: string }).groupId;
        if (group) return new SharedStore({ prefix: `route:group ${group}:` });
        // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
        const route = (options as { routeInfo?: RouteOptions }).routeInfo ?? options;
        // Fastify derives a HEAD route from every GET one: both count under GET, one limit for the two.
        const methods = new Set([route.method].flat().map((method) => (method === 'HEAD' ? 'GET' : method)));
        return new SharedStore({ prefix: `route:${[...methods].join(',')} ${route.url}:` });
      }
    }
    return SharedStore;
  }
}

type RateLimitCallback = Parameters<FastifyRateLimitStore['incr']>[1];
