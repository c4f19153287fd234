import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import {
  BACKUP_DOCUMENT_TYPES,
  type BackupReason,
  PERMANENT_BACKUP_REASONS,
} from '../../../shared/constants/backups';
import { AppError } from '../../lib/errors';
import { fileStore } from '../../lib/file-store';
import { newId } from '../../lib/ids';
import { OutboundError } from '../../lib/outbound/client';
import type { AppDeps } from '../../types';
import { fetchAddress } from '../contracts/document-links';
import {
  type ClaimedSource,
  claimDue,
  copiesInDatabase,
  nextDueAt,
  recordFailure,
  recordUnchanged,
  recordVersion,
  releaseClaim,
  usedBytes,
} from './backups.repository';

/**
 * Fetches and re-checks the copies of contract documents (decision 0037). A run claims due
 * documents within the per-host limit, downloads each through the guarded client to a temporary
 * file (hashing it and reading its first bytes on the way, so memory stays flat whatever the
 * size), detects its type from those bytes, and stores a new version in one short transaction
 * only when the bytes changed. A run ends when nothing is due, at its time budget, or when the
 * process stops (claims in hand are given back).
 */

type Deps = Pick<AppDeps, 'database' | 'config' | 'outbound' | 'now' | 'objects'>;

const HOUR = 3_600_000;
/** Waits after 1, 2, 3 failures in a row; from the fourth on, the re-check period. */
const RETRY_WAITS = [HOUR, 6 * HOUR, 24 * HOUR];
/** After an error that is not the document's (the database failing, say), the document waits this long. */
const UNEXPECTED_WAIT_MS = 10 * 60_000;
/** Bytes read before the type is decided (an Office file names its parts in its first kilobytes). */
const HEAD_BYTES = 64 * 1024;

export interface RunSummary {
  attempts: number;
  copied: number;
  unchanged: number;
  failed: number;
}

export async function runBackups(
  deps: Deps,
  options: { signal?: AbortSignal; budgetMs?: number; log?: { warn: (...args: unknown[]) => void } } = {},
): Promise<RunSummary> {
  const config = deps.config.backups;
  const { db } = deps.database;
  const summary: RunSummary = { attempts: 0, copied: 0, unchanged: 0, failed: 0 };
  const deadline = Date.now() + (options.budgetMs ?? 5 * 60_000);
  const inFlight = new Set<Promise<void>>();
  const stopped = () => options.signal?.aborted === true || Date.now() >= deadline;
  const leaseMs = config.timeoutMs + 60_000;
  // Space each monitor's copies take: read once per run, then kept up to date by the run's own copies.
  const used = new Map<string, number>();

  while (!stopped()) {
    const now = deps.now();
    const claimed = await claimDue(db, {
      limit: config.concurrency - inFlight.size,
      perHost: config.hostConcurrency,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
    });
    for (const source of claimed) {
      const run: Promise<void> = backupOne(deps, source, used, options.signal)
        .then((outcome) => {
          summary.attempts += 1;
          summary[outcome] += 1;
        })
        .catch(async (error: unknown) => {
          options.log?.warn({ err: error, url: source.url }, 'document backup failed unexpectedly');
          // Not the document's fault: tried again later, not in a loop.
          await releaseClaim(db, source.id, new Date(deps.now().getTime() + UNEXPECTED_WAIT_MS)).catch(
            () => {},
          );
        })
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    }
    if (claimed.length > 0 && inFlight.size < config.concurrency) continue;
    if (inFlight.size > 0) {
      // Every slot taken, or the due hosts busy: wait for a download to end or a host's pause.
      await Promise.race([...inFlight, sleep(Math.max(50, Math.min(config.hostPauseMs, 500)))]);
      continue;
    }
    const next = await nextDueAt(db, deps.now());
    const wait = next ? next.getTime() - deps.now().getTime() : Number.POSITIVE_INFINITY;
    // Nothing due until later (a re-check, a retry's wait): the next run takes it.
    if (wait > Math.max(1_000, config.hostPauseMs + 100)) break;
    await sleep(Math.max(20, wait));
  }
  await Promise.allSettled([...inFlight]);
  return summary;
}

/**
 * On the embedded database, moves the copies still kept in its chunks to the disk store (issue
 * 27: reading them there held the single connection), a few per run, one at a time, until none is
 * left, the process stops, the budget is spent or one fails (it stays where it is); the moved
 * count is answered. Downloads under way go on from the file.
 */
export async function moveCopiesOutOfDatabase(
  deps: Pick<AppDeps, 'database' | 'objects'>,
  options: { signal?: AbortSignal; budgetMs?: number; log?: { warn: (...args: unknown[]) => void } } = {},
): Promise<number> {
  const { objects, database } = deps;
  if (!objects || database.kind !== 'pglite') return 0;
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const stopped = () => options.signal?.aborted === true || Date.now() >= deadline;
  const store = fileStore(database.db, objects);
  let moved = 0;
  while (!stopped()) {
    const ids = await copiesInDatabase(database.db, 5);
    if (ids.length === 0) break;
    for (const id of ids) {
      if (stopped()) break;
      try {
        if (await store.moveToObjects(id)) moved += 1;
      } catch (error) {
        // It stays readable where it is; the next run tries again, and the copying goes on meanwhile.
        options.log?.warn({ err: error, contentId: id }, 'backup copy not moved out of the database');
        return moved;
      }
    }
  }
  return moved;
}

/** One document: fetched (conditionally when a copy exists), then recorded. */
async function backupOne(
  deps: Deps,
  source: ClaimedSource,
  used: Map<string, number>,
  stop: AbortSignal | undefined,
): Promise<'copied' | 'unchanged' | 'failed'> {
  const config = deps.config.backups;
  const { db } = deps.database;
  const startedAt = deps.now();
  const started = performance.now();
  // One deadline per document, cleared as soon as it is done (a pending timer would keep the
  // answer's stream in memory for the whole deadline), and the process's stop.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), config.timeoutMs);
  const onStop = () => deadline.abort();
  stop?.addEventListener('abort', onStop, { once: true });
  const signal = deadline.signal;
  const after = () => {
    const now = deps.now().getTime();
    return {
      leaseUntil: new Date(now + config.hostPauseMs),
      durationMs: Math.round(performance.now() - started),
    };
  };
  const recheck = () =>
    new Date(deps.now().getTime() + config.recheckDays * 24 * HOUR * (0.75 + Math.random() * 0.5));
  let spool: Spooled | undefined;
  try {
    const answer = await deps.outbound.getDocument(fetchAddress(source.url), {
      maxBytes: config.maxBytes,
      signal,
      etag: source.currentVersionId ? source.etag : null,
      lastModified: source.currentVersionId ? source.lastModified : null,
    });
    if (answer.notModified) {
      const { leaseUntil, durationMs } = after();
      await recordUnchanged(
        db,
        source,
        null,
        { at: startedAt, outcome: 'UNCHANGED', httpStatus: 304, durationMs },
        { nextCheckAt: recheck(), leaseUntil },
      );
      return 'unchanged';
    }
    spool = await spoolToFile(answer.stream);
    const type = await fileTypeFromBuffer(spool.head);
    const extension = type ? BACKUP_DOCUMENT_TYPES[type.mime] : undefined;
    if (!type || !extension) throw new BackupFailure('NOT_DOCUMENT');
    const validators = { etag: answer.etag, lastModified: answer.lastModified };
    if (spool.sha256 === source.currentSha256) {
      const { leaseUntil, durationMs } = after();
      await recordUnchanged(
        db,
        source,
        validators,
        { at: startedAt, outcome: 'UNCHANGED', httpStatus: 200, bytes: spool.size, durationMs },
        { nextCheckAt: recheck(), leaseUntil },
      );
      return 'unchanged';
    }
    const spent = used.get(source.organizationId) ?? (await usedBytes(db, source.organizationId));
    if (spent + spool.size > config.quotaBytes) throw new BackupFailure('QUOTA');
    // The bytes first (to the object store when there is one), then the version in one transaction.
    const content = await fileStore(db, deps.objects).put(createReadStream(spool.path), {
      mime: type.mime,
      maxBytes: config.maxBytes,
    });
    used.set(source.organizationId, (used.get(source.organizationId) ?? spent) + content.size);
    const { leaseUntil, durationMs } = after();
    await db.transaction((tx) =>
      recordVersion(
        tx,
        source,
        {
          contentId: content.id,
          sha256: content.sha256,
          size: content.size,
          mimeType: type.mime,
          filename: filenameOf(fetchAddress(source.url), extension),
          ...validators,
        },
        {
          at: startedAt,
          outcome: source.currentVersionId ? 'CHANGED' : 'COPIED',
          httpStatus: 200,
          bytes: content.size,
          durationMs,
        },
        { nextCheckAt: recheck(), leaseUntil },
      ),
    );
    return 'copied';
  } catch (error) {
    // The process is stopping: the document is given back, not counted as a failure.
    if (stop?.aborted) {
      await releaseClaim(db, source.id);
      return 'failed';
    }
    const reason = reasonOf(error);
    if (!reason) throw error;
    const failures = source.failures + 1;
    const { leaseUntil, durationMs } = after();
    const nextCheckAt = PERMANENT_BACKUP_REASONS.has(reason)
      ? ('never' as const)
      : new Date(deps.now().getTime() + (RETRY_WAITS[failures - 1] ?? config.recheckDays * 24 * HOUR));
    await recordFailure(
      db,
      source,
      reason,
      {
        at: startedAt,
        outcome: reason === 'GONE' ? 'GONE' : 'FAILED',
        reason,
        httpStatus: error instanceof OutboundError ? (error.status ?? null) : null,
        durationMs,
      },
      { nextCheckAt, leaseUntil },
    );
    return 'failed';
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
    if (spool) await rm(spool.path, { force: true });
  }
}

class BackupFailure extends Error {
  constructor(readonly reason: BackupReason) {
    super(reason);
  }
}

/** Why an attempt failed, in our words; null for an error that is not the document's (a database failure). */
function reasonOf(error: unknown): BackupReason | null {
  if (error instanceof BackupFailure) return error.reason;
  if (error instanceof OutboundError) {
    switch (error.reason) {
      case 'STATUS':
        return error.status === 404 || error.status === 410 ? 'GONE' : 'STATUS';
      case 'NOT_JSON':
      case 'INVALID':
        return 'NOT_DOCUMENT';
      default:
        return error.reason;
    }
  }
  if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') return 'TOO_LARGE';
  return null;
}

interface Spooled {
  path: string;
  sha256: string;
  size: number;
  /** The first bytes, for the type. */
  head: Buffer;
}

/** Writes the answer to a temporary file as it arrives, hashing it and keeping its first bytes. */
async function spoolToFile(stream: AsyncIterable<Buffer>): Promise<Spooled> {
  const file = path.join(tmpdir(), `vigia-backup-${newId()}`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  try {
    await pipeline(
      stream,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          if (headBytes < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
            headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
          }
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, sha256: hash.digest('hex'), size, head: Buffer.concat(head) };
}

/** `contrato-123.pdf`: the link's last part, plain characters, with the detected type's extension. */
function filenameOf(url: string, extension: string): string {
  let base = 'documento';
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '');
    const stem = last.replace(/\.[A-Za-z0-9]{1,5}$/, '');
    const plain = stem
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80);
    if (plain) base = plain;
  } catch {
    // A link that cannot be read keeps the generic name.
  }
  return `${base}.${extension}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
