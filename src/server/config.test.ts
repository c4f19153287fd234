import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config';

describe('configuration', () => {
  it('runs on the embedded database under ./data by default', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data/pglite') });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.hasPublicUrl).toBe(false);
    expect(config.admin).toBeNull();
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://vigia:secreto@db:5432/vigia', DB_POOL_MAX: '20' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://vigia:secreto@db:5432/vigia',
      poolMax: 20,
      statementTimeoutMs: 60_000,
      acquireTimeoutMs: 5_000,
      parallelWorkers: 0,
    });
    expect(config.requestQueryTimeoutMs).toBe(8_000);
    // One result computed at a time per process (decision 0054).
    expect(config.resultComputing).toBe(1);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/vigia', DB_PARALLEL_WORKERS: '2' }).database,
    ).toMatchObject({
      parallelWorkers: 2,
    });
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/vigia' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['PORT', { PORT: '99999' }],
    ['PORT', { PORT: 'abc' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'long-enough-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: 'short' }],
    ['MAINTENANCE_MODE', { MAINTENANCE_MODE: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1' }],
    ['PEERS_ALLOW_PRIVATE', { PEERS_ALLOW_PRIVATE: '10.0.0.0/99' }],
    ['PEERS_ALLOW_PRIVATE', { PEERS_ALLOW_PRIVATE: 'http://monitor.example.org' }],
    ['PEERS_TIMEOUT_MS', { PEERS_TIMEOUT_MS: '10' }],
  ])('refuses a wrong %s with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).message).toContain(`${name}:`);
    }
  });

  it('reads the private hosts other servers may be called on, none by default', () => {
    expect(loadConfig({}).peers).toEqual({ allowPrivate: [], timeoutMs: 5_000 });
    expect(
      loadConfig({ PEERS_ALLOW_PRIVATE: ' 127.0.0.1/32, monitor.interno ,::1' }).peers.allowPrivate,
    ).toEqual(['127.0.0.1/32', 'monitor.interno', '::1']);
  });

  it("takes the open data's ocid prefix only in the OCDS shape, and its licence as a URL", () => {
    expect(loadConfig({}).openData).toEqual({
      ocidPrefix: 'ocds-vigia0',
      license: 'https://creativecommons.org/licenses/by/4.0/',
    });
    expect(loadConfig({ OCID_PREFIX: 'ocds-a1b2c3' }).openData.ocidPrefix).toBe('ocds-a1b2c3');
    for (const wrong of ['ocds-07smq', 'OCDS-A1B2C3', 'a1b2c3', 'ocds-a1b2c3-x'])
      expect(() => loadConfig({ OCID_PREFIX: wrong })).toThrow(/OCID_PREFIX.*ocds- and six/);
    expect(() => loadConfig({ OCID_PREFIX: 'ocds-07smqs' })).toThrow(/federal government's/);
    expect(() => loadConfig({ OPEN_DATA_LICENSE: 'CC BY 4.0' })).toThrow(/OPEN_DATA_LICENSE/);
  });

  it('runs one server process per core on PostgreSQL unless WEB_CONCURRENCY says, and one on the embedded database', () => {
    const postgres = { DATABASE_URL: 'postgres://vigia@db:5432/vigia' };
    expect(loadConfig(postgres).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '6' }).webConcurrency).toBe(6);
    expect(loadConfig({ WEB_CONCURRENCY: '4' })).toMatchObject({ webConcurrency: 1, webConcurrencyAsked: 4 });
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: '0' })).toThrow(ConfigError);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.org' })).toThrow(/set both or neither/);
  });

  it('hides database passwords when printing addresses', () => {
    expect(redactUrl('postgres://vigia:secreto@db:5432/vigia')).toBe('postgres://vigia:***@db:5432/vigia');
    expect(redactUrl('postgres://db/vigia')).toBe('postgres://db/vigia');
  });
});
