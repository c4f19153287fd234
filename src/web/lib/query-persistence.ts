import {
  type DehydrateOptions,
  onlineManager,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { ApiError } from './api-client';

/**
 * Roots of the query keys whose data comes from /public-api: what anyone may read, so it may stay
 * on a visitor's device for offline use (decision 0024). Everything else (the session, the
 * administration's ['admin', …] queries, anything from /api) is never written to the device.
 * A new public query is kept offline once its root is listed here.
 */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<string> = new Set([
  'organizations',
  'about',
  'contracts',
  'contract',
  'suppliers',
  'supplier',
  'supplier-contracts',
  'options',
  'chart',
  'corruption-index',
  'comparison-monitors',
  'recent-comparisons',
  'comparison-side',
  'resources',
  'contact',
  'open-data',
  'red-flags',
]);

/**
 * The monitors' list frames every public screen (the chosen monitor's name, theme and cover): it is
 * saved like the rest, but it is not what a screen shows, so the offline notice dates a screen by
 * its own data and counts the list only on a screen that has nothing else (the selection page).
 */
const FRAME_QUERY_ROOTS: ReadonlySet<string> = new Set(['organizations']);

/** Saved screens are kept a week; older data is dropped rather than shown. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** The IndexedDB database and store of the saved public data (tests read them). */
export const PERSIST_DATABASE = 'vigia';
export const PERSIST_STORE = 'query-cache';
export const PERSIST_KEY = 'public-queries';

export function isPublicQueryKey(key: QueryKey): boolean {
  return typeof key[0] === 'string' && PUBLIC_QUERY_ROOTS.has(key[0]);
}

/**
 * Only successful public answers younger than the maximum age are saved, and those whose refresh
 * failed to reach the server (their answer is still the one saved: a weak connection must not
 * erase it from the device).
 */
export function shouldPersistQuery(query: Query, now = Date.now()): boolean {
  const { state } = query;
  const answered =
    state.status === 'success' ||
    (state.status === 'error' && state.data !== undefined && isNetworkError(state.error));
  return answered && isPublicQueryKey(query.queryKey) && now - state.dataUpdatedAt < PERSIST_MAX_AGE;
}

/** A saved answer whose refresh could not reach the server is saved as the answer it is. */
export function asAnswered(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** A call that failed because the server could not be reached (offline, weak connection). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK';
}

/**
 * The version of the running build: the hashed name of its entry script, which changes whenever
 * any of the app's code changes. Saved data of another version is discarded (the buster).
 */
export function appVersion(): string {
  if (typeof document === 'undefined') return 'dev';
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry ? new URL(entry.src, window.location.href).pathname : 'dev';
}

/**
 * Public queries stay in memory as long as they may be saved, so a screen opened earlier in the
 * week is still in the saved copy (TanStack Query drops unused queries after gcTime).
 */
export function keepPublicQueries(queryClient: QueryClient): void {
  for (const root of PUBLIC_QUERY_ROOTS) queryClient.setQueryDefaults([root], { gcTime: PERSIST_MAX_AGE });
}

/**
 * Saves the query cache in IndexedDB at most once a second (and when the page is hidden), since
 * the cache changes on every fetch. A device without IndexedDB (private modes) simply keeps nothing.
 */
export function createIndexedDbPersister(delay = 1000): Persister {
  let opened: ReturnType<typeof createStore> | null = null;
  const store = () => {
    opened ??= createStore(PERSIST_DATABASE, PERSIST_STORE);
    return opened;
  };
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = pending;
    pending = null;
    if (client) void set(PERSIST_KEY, client, store()).catch(() => undefined);
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  return {
    persistClient(client) {
      pending = asAnswered(client);
      timer ??= setTimeout(flush, delay);
    },
    restoreClient: async () => {
      try {
        const saved = await get<PersistedClient>(PERSIST_KEY, store());
        return saved && asStale(saved);
      } catch {
        return undefined;
      }
    },
    removeClient: async () => {
      try {
        await del(PERSIST_KEY, store());
      } catch {
        // Nothing saved to remove.
      }
    },
  };
}

/**
 * Saved data fills a screen at once, but is never taken as fresh: online, every screen asks the
 * server again when it opens (so a change made a moment ago shows); offline, the query waits
 * and the saved data stays.
 */
export function asStale(saved: PersistedClient): PersistedClient {
  const queries = saved.clientState.queries.map((query) => ({
    ...query,
    state: { ...query.state, isInvalidated: true },
  }));
  return { ...saved, clientState: { ...saved.clientState, queries } };
}

/**
 * What is written to the device: public queries only; never a mutation waiting for the network
 * (a form sent offline, an administrator's change).
 */
export const PUBLIC_DEHYDRATE_OPTIONS: DehydrateOptions = {
  shouldDehydrateQuery: (query) => shouldPersistQuery(query),
  shouldDehydrateMutation: () => false,
};

/** The options of PersistQueryClientProvider: public queries only, a week, this build's data only. */
export function publicQueryPersistence(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createIndexedDbPersister(),
    maxAge: PERSIST_MAX_AGE,
    buster: appVersion(),
    dehydrateOptions: PUBLIC_DEHYDRATE_OPTIONS,
  };
}

export interface OfflineState {
  /** When the oldest saved data on the screen was fetched (ms), or null when none is shown. */
  savedAt: number | null;
  /** Part of the screen has no saved data and cannot load it. */
  missing: boolean;
}

/**
 * TanStack Query takes the page as online until the browser says otherwise, so a page opened
 * offline called the server, failed and, after the retries, showed errors over its saved data.
 * Starting from the browser's word, such queries wait for the connection and the data stays.
 */
export function followConnection(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

/**
 * What the screen shows without the server: the public queries on screen (with observers) that
 * are offline, paused waiting for the network or failed with a network error. The monitors' list
 * (the frame) counts only when the screen has no data of its own.
 */
export function offlineState(queries: Query[], online: boolean): OfflineState {
  const onScreen = queries.filter(
    (query) => isPublicQueryKey(query.queryKey) && query.getObserversCount() > 0,
  );
  const own = onScreen.filter((query) => !FRAME_QUERY_ROOTS.has(query.queryKey[0] as string));
  let savedAt: number | null = null;
  let missing = false;
  for (const query of own.length > 0 ? own : onScreen) {
    const { state } = query;
    const unreachable =
      state.fetchStatus === 'paused' || (state.status === 'error' && isNetworkError(state.error));
    if (state.data !== undefined && (!online || unreachable)) {
      savedAt = savedAt === null ? state.dataUpdatedAt : Math.min(savedAt, state.dataUpdatedAt);
    } else if (
      state.data === undefined &&
      // A query not asked for yet (disabled: 'Ver más' before a click) is no missing part.
      (unreachable || (!online && state.status === 'pending' && state.fetchStatus !== 'idle'))
    ) {
      missing = true;
    }
  }
  return { savedAt, missing };
}
