import { dehydrate, hydrate, onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  asAnswered,
  asStale,
  followConnection,
  isNetworkError,
  isPublicQueryKey,
  keepPublicQueries,
  offlineState,
  PERSIST_MAX_AGE,
  PUBLIC_DEHYDRATE_OPTIONS,
} from './query-persistence';

/** A query client holding what a visitor who is also an administrator has in memory. */
function clientWithAdministrationData(): QueryClient {
  const client = new QueryClient();
  keepPublicQueries(client);
  client.setQueryData(['session', 'token-abc'], { user: { email: 'admin@example.org' } });
  client.setQueryData(['admin', 'catalogue', 'users', { page: 1 }], {
    docs: [{ email: 'admin@example.org' }],
  });
  client.setQueryData(['admin', 'profile'], { email: 'admin@example.org' });
  client.setQueryData(['organizations', 'public'], { docs: [{ name: 'Monitor' }] });
  client.setQueryData(['contracts', 'org-1', {}, 1], { data: { docs: [{ _id: 'c-1' }] } });
  client.setQueryData(['chart', 'period', 'org-1', {}], { data: [] });
  return client;
}

describe('public query data saved on the device', () => {
  it('saves the public answers and never the session or the administration', () => {
    const saved = dehydrate(clientWithAdministrationData(), PUBLIC_DEHYDRATE_OPTIONS);
    expect(saved.queries.map((query) => query.queryKey[0]).sort()).toEqual([
      'chart',
      'contracts',
      'organizations',
    ]);
    expect(JSON.stringify(saved)).not.toContain('admin@example.org');
  });

  it('keeps no failed answer, nothing older than a week and no mutation waiting for the network', async () => {
    const client = new QueryClient();
    const week = Date.now() - PERSIST_MAX_AGE - 1;
    client.setQueryData(['contracts', 'org-1', {}, 1], { old: true }, { updatedAt: week });
    await client
      .fetchQuery({
        queryKey: ['suppliers', 'org-1', {}, 1],
        queryFn: () => Promise.reject(new ApiError('sin red', 0, 'NETWORK')),
        retry: false,
      })
      .catch(() => undefined);
    // A message sent offline: paused until the network is back (TanStack Query would save it).
    client.getMutationCache().build(
      client,
      { mutationKey: ['contact'] },
      {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending',
        variables: { email: 'visitante@example.org' },
        submittedAt: Date.now(),
      },
    );
    expect(dehydrate(client).mutations).toHaveLength(1);
    const saved = dehydrate(client, PUBLIC_DEHYDRATE_OPTIONS);
    expect(saved.queries).toEqual([]);
    expect(saved.mutations).toEqual([]);
  });

  it('keeps a saved answer whose refresh could not reach the server, as the answer it is', async () => {
    const client = new QueryClient();
    client.setQueryData(['organizations', 'public'], [{ name: 'Monitor' }]);
    client.setQueryData(['contracts', 'org-1', {}, 1], { rows: 1 });
    const fail = (queryKey: unknown[], error: ApiError) =>
      client
        .fetchQuery({ queryKey, queryFn: () => Promise.reject(error), retry: false, staleTime: 0 })
        .catch(() => undefined);
    await fail(['organizations', 'public'], new ApiError('sin red', 0, 'NETWORK'));
    // The server answered a failure: the old answer may no longer be true.
    await fail(['contracts', 'org-1', {}, 1], new ApiError('error', 500, 'INTERNAL'));
    const saved = asAnswered({
      timestamp: Date.now(),
      buster: 'v1',
      clientState: dehydrate(client, PUBLIC_DEHYDRATE_OPTIONS),
    }).clientState;
    expect(saved.queries.map((query) => query.queryKey)).toEqual([['organizations', 'public']]);
    expect(saved.queries[0]!.state).toMatchObject({
      status: 'success',
      error: null,
      data: [{ name: 'Monitor' }],
    });
  });

  it('restores saved data as stale, so an open screen asks the server again', () => {
    const saved = dehydrate(clientWithAdministrationData(), PUBLIC_DEHYDRATE_OPTIONS);
    const restored = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    hydrate(restored, asStale({ timestamp: Date.now(), buster: 'v1', clientState: saved }).clientState);
    const list = restored.getQueryCache().find({ queryKey: ['contracts', 'org-1', {}, 1] })!;
    expect(list.state.data).toEqual({ data: { docs: [{ _id: 'c-1' }] } });
    expect(list.isStale()).toBe(true);
  });

  it('keeps public queries in memory as long as they may be saved', () => {
    const client = clientWithAdministrationData();
    expect(client.getQueryCache().find({ queryKey: ['contracts', 'org-1', {}, 1] })?.options.gcTime).toBe(
      PERSIST_MAX_AGE,
    );
    expect(client.getQueryCache().find({ queryKey: ['admin', 'profile'] })?.options.gcTime).not.toBe(
      PERSIST_MAX_AGE,
    );
  });

  it('tells public keys and network failures apart', () => {
    expect(isPublicQueryKey(['contract', 'org-1', 'id'])).toBe(true);
    expect(isPublicQueryKey(['admin', 'dashboard', 'org-1'])).toBe(false);
    expect(isPublicQueryKey(['session', 'token'])).toBe(false);
    expect(isNetworkError(new ApiError('sin red', 0, 'NETWORK'))).toBe(true);
    expect(isNetworkError(new ApiError('no encontrado', 404, 'NOT_FOUND'))).toBe(false);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('the offline notice: what the screen shows without the server', () => {
  const SAVED_AT = Date.UTC(2026, 10, 20, 18);

  /** A query on screen (one observer), with saved data or none. */
  function onScreen(client: QueryClient, queryKey: unknown[], data?: unknown) {
    if (data !== undefined) client.setQueryData(queryKey, data, { updatedAt: SAVED_AT });
    new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => undefined);
    return client.getQueryCache().find({ queryKey })!;
  }

  it('says nothing online while the answers arrive', () => {
    const client = new QueryClient();
    onScreen(client, ['contracts', 'org-1', {}, 1], { rows: 1 });
    expect(offlineState(client.getQueryCache().getAll(), true)).toEqual({ savedAt: null, missing: false });
  });

  it('dates the saved data shown offline, and tells when part of the screen was never saved', () => {
    const client = new QueryClient();
    onScreen(client, ['contracts', 'org-1', {}, 1], { rows: 1 });
    client.setQueryData(['contracts', 'org-1', {}, 2], { rows: 2 }); // saved but not on screen
    onScreen(client, ['admin', 'dashboard', 'org-1'], { visits: 1 }); // never saved, never counted
    expect(offlineState(client.getQueryCache().getAll(), false)).toEqual({
      savedAt: SAVED_AT,
      missing: false,
    });
    // A query not asked for yet ('Ver más' before a click) is no missing part.
    const chart = onScreen(client, ['chart', 'period', 'org-1', {}]);
    expect(offlineState(client.getQueryCache().getAll(), false).missing).toBe(false);
    chart.setState({ ...chart.state, fetchStatus: 'paused' }); // waiting for the connection
    expect(offlineState(client.getQueryCache().getAll(), false)).toEqual({
      savedAt: SAVED_AT,
      missing: true,
    });
  });

  it('dates a screen by its own data, not by the saved list of monitors around it', () => {
    const client = new QueryClient();
    onScreen(client, ['organizations', 'public'], [{ name: 'Monitor' }]);
    // The selection page: the list is the screen.
    expect(offlineState(client.getQueryCache().getAll(), false)).toEqual({
      savedAt: SAVED_AT,
      missing: false,
    });
    // The index page never opened on this device: the screen is not saved, said plainly.
    const index = onScreen(client, ['corruption-index', 'org-1', null]);
    index.setState({ ...index.state, fetchStatus: 'paused' });
    expect(offlineState(client.getQueryCache().getAll(), false)).toEqual({ savedAt: null, missing: true });
  });

  it('counts a network failure online (weak connection) as offline, not a refusal of the server', () => {
    const client = new QueryClient();
    const list = onScreen(client, ['contracts', 'org-1', {}, 1], { rows: 1 });
    list.setState({ ...list.state, status: 'error', error: new ApiError('sin red', 0, 'NETWORK') });
    expect(offlineState(client.getQueryCache().getAll(), true).savedAt).toBe(SAVED_AT);
    list.setState({ ...list.state, error: new ApiError('no encontrado', 404, 'NOT_FOUND') });
    expect(offlineState(client.getQueryCache().getAll(), true).savedAt).toBe(null);
  });
});

describe('the connection at start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('takes a page opened offline as offline, so its queries wait instead of failing', () => {
    vi.stubGlobal('navigator', { onLine: false });
    followConnection();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('keeps the saved index among the answers saved on the device', () => {
    const client = new QueryClient();
    client.setQueryData(['corruption-index', 'org-1', null], { data: { corruptionIndex: null } });
    client.setQueryData(['comparison-side', 'org-1', 'org-2', null, null], { data: {} });
    const saved = dehydrate(client, PUBLIC_DEHYDRATE_OPTIONS);
    expect(saved.queries.map((query) => query.queryKey[0]).sort()).toEqual([
      'comparison-side',
      'corruption-index',
    ]);
  });
});
