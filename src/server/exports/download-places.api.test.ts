import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '../../shared/constants/downloads';
import { type App, buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { files } from '../db/schema';
import { fileStore } from '../lib/file-store';
import { createOrganization, seedGeneratedMonitor } from '../test/factories';
import { listenLocally } from '../test/raw-http';
import { createTestDatabase, testConfig } from '../test/test-app';
import { DOWNLOAD_LEASE_MS } from './gate';

/** A download the test does not read: it stays under way on the server. */
function heldDownload(port: number, url: string) {
  return new Promise<{ status: number; end(): void }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url }, (response) =>
      resolve({ status: response.statusCode ?? 0, end: () => request.destroy() }),
    );
    request.on('error', reject);
  });
}

/**
 * The downloads of one address are counted where every process sees them (issue 27: six parallel
 * PDFs from one address over two processes were accepted four times, not two). Two apps on one
 * database stand for two processes; a third one, whose clock is past the places' lease, for a
 * process that comes after one died holding places.
 */
describe('download places shared by every process', () => {
  let database: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  const apps: App[] = [];
  let one: App;
  let two: App;
  let ports: number[];
  let organizationId: string;
  let copyId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // On PostgreSQL the second process has connections of its own.
    second = database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolMax: 4 })
      : database;
    const config = testConfig({ downloads: { perAddress: 2, pdfWorkers: 2, pdfQueue: 6 } });
    one = await buildApp(config, { database });
    two = await buildApp(config, { database: second });
    apps.push(one, two);
    ports = [await listenLocally(one), await listenLocally(two)];
    organizationId = (await seedGeneratedMonitor(database.db, { contracts: 200, suppliers: 10 })).organization
      .id;
    // A backup copy larger than the sockets buffer: an unread download of it stays under way.
    const bytes = randomBytes(20 * 1024 * 1024);
    const content = await fileStore(database.db, one.deps.objects).put(bytes, {
      mime: 'application/pdf',
      maxBytes: bytes.length,
    });
    const owner = (await createOrganization(database.db)).id;
    const [file] = await database.db
      .insert(files)
      .values({
        organizationId: owner,
        kind: 'DOCUMENT_BACKUP',
        filename: 'contrato.pdf',
        contentId: content.id,
      })
      .returning({ id: files.id });
    copyId = file!.id;
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (second !== database) await second.close();
    await database.close();
    rmSync(one.deps.config.dataDir, { recursive: true, force: true });
  });

  const pdf = (app: App) =>
    app.inject({
      url: '/public-api/contracts/download/pdf',
      remoteAddress: '198.51.100.7',
      headers: { 'x-current-organization-id': organizationId },
    });

  it('accepts two of six parallel PDFs of one address over two processes', async () => {
    const answers = await Promise.all([pdf(one), pdf(two), pdf(one), pdf(two), pdf(one), pdf(two)]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('10');
      expect(answer.json()).toMatchObject({ error: true, message: DOWNLOAD_MESSAGES.perAddress });
    }
    // Over, they leave no place taken in either process.
    expect((await pdf(two)).statusCode).toBe(200);
    expect((await pdf(one)).statusCode).toBe(200);
  }, 120_000);

  it('refuses a download on one process while the address has its two under way on the other', async () => {
    const url = `/public-api/files/download/${copyId}`;
    const held = [await heldDownload(ports[0]!, url), await heldDownload(ports[0]!, url)];
    expect(held.map((download) => download.status)).toEqual([200, 200]);
    const refused = await two.inject({ url, remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: true, message: DOWNLOAD_MESSAGES.perAddress });

    // A process that comes later than the lease of places whose process died (nothing renews
    // them any more) finds them free; before their lease ends, they still count.
    const later = new Date(Date.now() + 2 * DOWNLOAD_LEASE_MS);
    const third = await buildApp(one.deps.config, { database, now: () => later });
    apps.push(third);
    const afterLease = await third.inject({
      url: `/public-api/files/download/${copyId}`,
      remoteAddress: '127.0.0.1',
    });
    expect(afterLease.statusCode).toBe(200);

    // Ended downloads give their places back: the other process serves the address again.
    for (const download of held) download.end();
    await expect
      .poll(async () => (await two.inject({ url, remoteAddress: '127.0.0.1' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
  }, 60_000);
});
