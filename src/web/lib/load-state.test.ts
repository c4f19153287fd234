import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { cannotShow, failureToWarn } from './load-state';

const network = new ApiError('No fue posible conectar con el servidor.', 0, 'NETWORK');
const server = new ApiError('Error interno', 500, 'INTERNAL');
const query = (data: unknown, error: unknown) => ({
  data,
  isError: error !== null,
  error,
  fetchStatus: 'idle' as const,
});

describe('a screen whose call failed', () => {
  it('keeps saved data without a second message when the server cannot be reached', () => {
    expect(cannotShow(query({ rows: [] }, network))).toBe(false);
    expect(failureToWarn(query({ rows: [] }, network))).toBe(false);
  });
  it('says the data is unavailable when nothing is saved, or when the server itself failed', () => {
    expect(failureToWarn(query(undefined, network))).toBe(true);
    expect(failureToWarn(query({ rows: [] }, server))).toBe(true);
    expect(cannotShow(query({ rows: [] }, server))).toBe(true);
    expect(failureToWarn(query({ rows: [] }, null))).toBe(false);
  });
});
