import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { visitDailyCounts, visits } from '../../db/schema';
import { createOrganization } from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';

describe('POST /public-api/route-logs/register', () => {
  let ctx: TestContext;
  let organizationId: string;
  // 23:30 on 1 March in Mexico City is already 2 March in UTC: the day counted must be Mexico's.
  const now = new Date('2026-03-02T05:30:00Z');

  beforeAll(async () => {
    ctx = await createTestApp({
      now: () => now,
      config: { rateLimits: { ...testConfig().rateLimits, visitsPerMinute: 8 } },
    });
    organizationId = (await createOrganization(ctx.database.db)).id;
  });
  afterAll(() => ctx.close());

  const register = (path: unknown, organization?: string, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/public-api/route-logs/register',
      remoteAddress: ip,
      headers: organization ? { 'x-current-organization-id': organization } : {},
      payload: { path },
    });

  it('counts a page view of the monitor and its section, without the query string', async () => {
    expect((await register('/contracts?page=2', organizationId)).statusCode).toBe(204);
    expect(
      (await register('/contracts/0192aaaa-0000-7000-8000-000000000000', organizationId)).statusCode,
    ).toBe(204);
    expect((await register('/contracts', organizationId)).statusCode).toBe(204);
    const { db } = ctx.database;
    const logged = await db.select().from(visits).where(eq(visits.organizationId, organizationId));
    expect(logged.map((visit) => visit.path).sort()).toEqual([
      '/contracts',
      '/contracts',
      '/contracts/0192aaaa-0000-7000-8000-000000000000',
    ]);
    const counts = await db
      .select()
      .from(visitDailyCounts)
      .where(
        and(eq(visitDailyCounts.organizationId, organizationId), eq(visitDailyCounts.routeKey, 'contracts')),
      );
    expect(counts).toEqual([{ organizationId, day: '2026-03-01', routeKey: 'contracts', count: 2 }]);
  });

  it('counts made-up sections under one key, so they cannot grow the daily counts', async () => {
    for (const path of ['/zz0/abc', '/wp-login.php', '/x1']) {
      expect((await register(path, organizationId, '10.0.0.5')).statusCode).toBe(204);
    }
    const keys = await ctx.database.db
      .selectDistinct({ routeKey: visitDailyCounts.routeKey })
      .from(visitDailyCounts)
      .where(eq(visitDailyCounts.organizationId, organizationId));
    expect(keys.map((row) => row.routeKey).sort()).toEqual(['contracts', 'contracts:detail', 'other']);
  });

  it('counts visits before a monitor is chosen without an organization', async () => {
    expect((await register('/select-organization', undefined, '10.0.0.2')).statusCode).toBe(204);
    const rows = await queryRows<{ total: number }>(
      ctx.database.db,
      (await import('drizzle-orm'))
        .sql`SELECT count(*)::int AS total FROM visits WHERE organization_id IS NULL`,
    );
    expect(rows[0]!.total).toBe(1);
  });

  it('refuses an organization header that names no monitor', async () => {
    const unknown = await register('/', '0192aaaa-0000-7000-8000-000000000000', '10.0.0.3');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('La organización seleccionada no existe.');
    const malformed = await register('/', "1' OR '1'='1", '10.0.0.3');
    expect(malformed.statusCode).toBe(404);
  });

  it('rejects paths that are not site paths with a Spanish message', async () => {
    for (const path of [
      '',
      'https://evil.example',
      '/con espacios',
      'x'.repeat(400),
      42,
      null,
      '/a\u0000b',
      '/admin',
      '/admin/users',
    ]) {
      const response = await register(path, organizationId, `10.0.4.${String(path).length % 250}`);
      expect(response.statusCode, String(path)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it('limits the rate per address with a Spanish message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await register('/', organizationId, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 8).every((status) => status === 204)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    const limited = await register('/', organizationId, '10.0.0.9');
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Has realizado demasiadas solicitudes. Por favor espera un momento e intenta nuevamente.',
    });
    // Another visitor is not affected.
    expect((await register('/', organizationId, '10.0.0.10')).statusCode).toBe(204);
  });

  it('keeps every visit when many arrive at once', async () => {
    const fresh = (await createOrganization(ctx.database.db)).id;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => register('/suppliers', fresh, `10.0.1.${i}`)),
    );
    expect(results.every((response) => response.statusCode === 204)).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(visitDailyCounts)
      .where(and(eq(visitDailyCounts.organizationId, fresh), eq(visitDailyCounts.routeKey, 'suppliers')));
    expect(row?.count).toBe(6);
  });
});
