import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { bearer, createUser, signIn } from '../../test/auth';
import { createOrganization } from '../../test/factories';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app';
import { createNotification } from './notifications.service';

/** Reads a server-sent-events response and resolves each awaited event name in order. */
async function openStream(baseUrl: string, token: string, organizationId: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/admin/notifications/stream`, {
    headers: bearer(token, organizationId),
    signal: controller.signal,
  });
  const events: string[] = [];
  const waiters: (() => void)[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const name = /^event: (.+)$/m.exec(buffer.slice(0, cut))?.[1];
          if (name) events.push(name);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted
    }
  })();
  const waitForCount = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (events.length >= count ? resolve() : waiters.push(check));
      check();
    });
  return { response, events, waitForCount, close: () => controller.abort() };
}

async function listen(app: TestContext['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('notifications in real time', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let token: string;
  let organizationId: string;
  let otherOrganizationId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    baseUrl = await listen(ctx.app);
    organizationId = (await createOrganization(ctx.database.db)).id;
    otherOrganizationId = (await createOrganization(ctx.database.db)).id;
    token = await signIn(ctx.app, (await createUser(ctx.database.db, { permissions: ['SUPPLIERS'] })).email);
  });
  afterAll(() => ctx.close());

  it("delivers a change of the monitor's notifications to its open streams only", async () => {
    const mine = await openStream(baseUrl, token, organizationId);
    const other = await openStream(baseUrl, token, otherOrganizationId);
    expect(mine.response.headers.get('content-type')).toContain('text/event-stream');
    await mine.waitForCount(1);
    await other.waitForCount(1);
    expect(mine.events).toEqual(['ready']);

    await createNotification(ctx.database.db, {
      organizationId,
      createdBy: null,
      message: 'Uno',
      status: 'INFO',
    });
    await mine.waitForCount(2);
    await createNotification(ctx.database.db, {
      organizationId: otherOrganizationId,
      createdBy: null,
      message: 'Otro',
      status: 'INFO',
    });
    await other.waitForCount(2);
    expect(mine.events).toEqual(['ready', 'notifications']);
    expect(other.events).toEqual(['ready', 'notifications']);
    mine.close();
    other.close();
  });

  it('allows five open streams per session and refuses a sixth until one closes', async () => {
    const own = await signIn(ctx.app, (await createUser(ctx.database.db)).email);
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const stream = await openStream(baseUrl, own, organizationId);
      await stream.waitForCount(1);
      streams.push(stream);
    }
    const sixth = await fetch(`${baseUrl}/api/admin/notifications/stream`, {
      headers: bearer(own, organizationId),
    });
    expect(sixth.status).toBe(429);
    streams.pop()!.close();
    await expect
      .poll(async () => {
        const again = await fetch(`${baseUrl}/api/admin/notifications/stream`, {
          headers: bearer(own, organizationId),
          signal: AbortSignal.timeout(2_000),
        }).catch(() => null);
        const status = again?.status;
        await again?.body?.cancel().catch(() => undefined);
        return status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
  });

  it('answers HEAD with the stream headers instead of holding it open', async () => {
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/admin/notifications/stream',
      headers: bearer(token, organizationId),
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(head.body).toBe('');
    const anonymous = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/admin/notifications/stream',
      headers: { 'x-current-organization-id': organizationId },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a stream without a session or with an unknown monitor', async () => {
    const anonymous = await fetch(`${baseUrl}/api/admin/notifications/stream`, {
      headers: { 'x-current-organization-id': organizationId },
    });
    expect(anonymous.status).toBe(401);
    const unknown = await fetch(`${baseUrl}/api/admin/notifications/stream`, {
      headers: bearer(token, '0192aaaa-0000-7000-8000-000000000000'),
    });
    expect(unknown.status).toBe(404);
  });
});

describe.runIf(process.env.TEST_ENGINE === 'postgres')('notifications across server processes', () => {
  it('reaches a stream on another process through LISTEN/NOTIFY', async () => {
    const first = await createTestApp();
    const url = (first.database as { url?: string }).url!;
    const secondDatabase = await openDatabase({ kind: 'postgres', url, poolMax: 2 });
    const second = await buildApp(testConfig({ sessionSecret: first.app.deps.config.sessionSecret }), {
      database: secondDatabase,
    });
    try {
      const organizationId = (await createOrganization(first.database.db)).id;
      const token = await signIn(first.app, (await createUser(first.database.db)).email);
      const address = await listen(second);
      const stream = await openStream(address, token, organizationId);
      await stream.waitForCount(1);
      // Written through the first process; the stream is held by the second.
      await createNotification(first.database.db, {
        organizationId,
        createdBy: null,
        message: 'Hola',
        status: 'SUCCESS',
      });
      await stream.waitForCount(2);
      expect(stream.events).toEqual(['ready', 'notifications']);
      stream.close();
    } finally {
      await second.close();
      await secondDatabase.close();
      await first.close();
    }
  });
});
