import { createHash, randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  INSTALLATION_FILES,
  OPEN_DATA_FILES,
  type OpenDataFile,
  type OpenDataFileInfo,
} from '../../../shared/schemas/open-data';
import { withoutQueryDeadline } from '../../db/client';
import type { ExportDocument } from '../../exports/document';
import { renderJson } from '../../exports/json';
import { renderXlsx } from '../../exports/xlsx';
import { nextTurn } from '../../lib/event-loop';
import { startWorker } from '../../lib/worker-thread';
import type { AppDeps, OrganizationRow } from '../../types';
import { listSupplierWindow } from '../suppliers/suppliers.service';
import type { BulkBatch } from './bulk.worker';
import { CONTRACT_COLUMNS, csvLine, type FlatSupplier, SUPPLIER_COLUMNS } from './flat';
import { supplierRows } from './open-data.repository';
import {
  type BulkScope,
  compiledRelease,
  earlierStates,
  livePrepared,
  liveStates,
  type OpenDataDeps,
  type PreparedState,
  packageMeta,
  type Release,
  releaseSettings,
  scopeContracts,
  scopeMonitors,
} from './open-data.service';
import { packageHead } from './packages';
import type { BulkLines } from './render';

/**
 * The bulk files (decision 0051): each is a stream of chunks built a batch of contracts at a time
 * (a million contracts never sit in memory), and each is kept on disk per data version
 * (DATA_DIR/open-data): the first download of a version writes the file as it streams it (the
 * file counts only when the stream ended whole), later ones read it, and a newer version's file
 * replaces the older ones of its scope.
 */

export const FILE_TYPES: Record<OpenDataFile, { mediaType: string; download: string }> = {
  'releases.json': { mediaType: 'application/json; charset=utf-8', download: 'entregas-ocds.json' },
  'records.json': { mediaType: 'application/json; charset=utf-8', download: 'registros-ocds.json' },
  jsonl: { mediaType: 'application/x-ndjson; charset=utf-8', download: 'entregas-compiladas.jsonl' },
  csv: { mediaType: 'text/csv; charset=utf-8', download: 'contratos.csv' },
  'suppliers.csv': { mediaType: 'text/csv; charset=utf-8', download: 'proveedores.csv' },
  xlsx: {
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    download: 'contratos.xlsx',
  },
};

/** The package files: the standard allows no package without a release. */
export const PACKAGE_FILES: readonly OpenDataFile[] = ['releases.json', 'records.json'];

/** A scope's files' key: its monitor and data version, or every live monitor's. */
export interface ScopeVersion {
  /** The files' name prefix (`<monitor id>-v<data version>`, `all-<hash of the monitors' versions>`). */
  key: string;
  /** The scope's name prefix, shared by every version (older versions are dropped by it). */
  prefix: string;
  /** When the scope's contracts last changed. */
  date: Date | null;
}

export async function scopeVersion(deps: OpenDataDeps, scope: BulkScope): Promise<ScopeVersion> {
  if (scope.kind === 'monitor') {
    const { id, dataVersion, contractsUpdatedAt } = scope.organization;
    return { key: `${id}-v${dataVersion}`, prefix: `${id}-v`, date: contractsUpdatedAt ?? null };
  }
  const monitors = [...(await scopeMonitors(deps, scope)).values()] as {
    id: string;
    dataVersion: number;
    contractsUpdatedAt: Date | null;
  }[];
  const hash = createHash('sha256');
  let date: Date | null = null;
  for (const monitor of monitors) {
    hash.update(`${monitor.id}:${monitor.dataVersion};`);
    if (monitor.contractsUpdatedAt && (!date || monitor.contractsUpdatedAt > date))
      date = monitor.contractsUpdatedAt;
  }
  return {
    key: `${INSTALLATION_FILES}-${hash.digest('hex').slice(0, 16)}`,
    prefix: `${INSTALLATION_FILES}-`,
    date,
  };
}

const directory = (deps: Pick<OpenDataDeps, 'config'>) => path.join(deps.config.dataDir, 'open-data');
const fileName = (version: ScopeVersion, file: OpenDataFile) => `${version.key}.${file}`;

/** A kept file of the version: its path and size, or null. */
export async function keptFile(
  deps: Pick<OpenDataDeps, 'config'>,
  version: ScopeVersion,
  file: OpenDataFile,
): Promise<{ path: string; size: number } | null> {
  const where = path.join(directory(deps), fileName(version, file));
  try {
    const found = await stat(where);
    return found.isFile() ? { path: where, size: found.size } : null;
  } catch {
    return null;
  }
}

/** The page's list of a scope's files: each with its address, size when kept, and its data's date. */
export async function filesOf(
  deps: OpenDataDeps,
  scope: BulkScope,
  version: ScopeVersion,
): Promise<OpenDataFileInfo[]> {
  const name = scope.kind === 'monitor' ? scope.organization.id : INSTALLATION_FILES;
  return Promise.all(
    OPEN_DATA_FILES.map(async (file) => ({
      file,
      url: `/public-api/ocds/bulk/${name}.${file}`,
      mediaType: FILE_TYPES[file].mediaType,
      size: (await keptFile(deps, version, file))?.size ?? null,
      date: version.date?.toISOString() ?? null,
    })),
  );
}

/** The package's own address and its publisher. */
function meta(deps: OpenDataDeps, scope: BulkScope, version: ScopeVersion, file: OpenDataFile) {
  const name = scope.kind === 'monitor' ? scope.organization.id : INSTALLATION_FILES;
  return packageMeta(
    deps,
    `${deps.config.publicUrl}/public-api/ocds/bulk/${name}.${file}`,
    scope.kind === 'monitor' ? scope.organization : null,
    version.date,
  );
}

/** States per message to the bulk files' thread (a batch is sent in pieces: bulk.worker.ts). */
const PIECE = 100;

/**
 * The JSON Lines or the CSV rows of the scope's live contracts: each batch read and prepared here
 * and rendered by the bulk files' thread (bulk.worker.ts), the next batch read meanwhile (two in
 * flight at most).
 */
async function* renderedLines(deps: AppDeps, scope: BulkScope, kind: BulkLines): AsyncGenerator<Buffer> {
  const worker = startWorker(new URL('./bulk.worker.ts', import.meta.url), {
    data: { settings: releaseSettings(deps) },
    // It holds two batches at most: a small heap, collected early, keeps the server's memory flat
    // (64 MB measured enough for batches of 2,000 contracts; a thread out of memory cuts the download).
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  const waiting = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
  const fail = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (answer: { id: number; buffer?: ArrayBuffer; length?: number; error?: string }) => {
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error !== undefined || !answer.buffer) pending?.reject(new Error(answer.error ?? 'no text'));
    else pending?.resolve(Buffer.from(answer.buffer, 0, answer.length ?? 0));
  });
  /** A batch's bytes back to the thread once written (the consumer asked for the next ones). */
  const giveBack = (bytes: Buffer) => {
    const buffer = bytes.buffer as ArrayBuffer;
    worker.postMessage({ spare: buffer }, [buffer]);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the bulk files' thread stopped (${code})`)));
  let next = 0;
  const render = (states: readonly PreparedState[]) => {
    const id = next++;
    const text = new Promise<Buffer>((resolve, reject) => waiting.set(id, { resolve, reject }));
    // Awaited in order below; a walk abandoned first leaves its failure to nobody.
    text.catch(() => undefined);
    for (let from = 0; from < states.length || from === 0; from += PIECE) {
      const piece: BulkBatch = {
        id,
        kind,
        states: states.slice(from, from + PIECE).map(({ stored: _stored, ...state }) => state),
        last: from + PIECE >= states.length,
      };
      worker.postMessage(piece);
    }
    return text;
  };
  try {
    const inFlight: Promise<Buffer>[] = [];
    for await (const states of livePrepared(deps, scope)) {
      inFlight.push(render(states));
      if (inFlight.length >= 2) {
        const text = await inFlight.shift()!;
        // Asked for the next: this one is written (sendBuilt and keeping wait for their writes).
        if (text.length > 0) yield text;
        giveBack(text);
      }
    }
    for (const pending of inFlight) {
      const text = await pending;
      if (text.length > 0) yield text;
    }
  } finally {
    await worker.terminate();
  }
}

/** Each live contract's releases, oldest first: its earlier states, then its current one. */
async function* histories(deps: OpenDataDeps, scope: BulkScope): AsyncGenerator<Release[]> {
  for await (const batch of liveStates(deps, scope, { history: true })) {
    const earlier = await earlierStates(deps, batch);
    for (const state of batch)
      if (state.release) yield [...(earlier.get(state.stored.contractId) ?? []), state.release];
  }
}

/** Every release of the scope's live contracts (a release package). */
async function* everyRelease(deps: OpenDataDeps, scope: BulkScope): AsyncGenerator<Release> {
  for await (const releases of histories(deps, scope)) yield* releases;
}

/** One record per live contract (a record package). */
async function* everyRecord(deps: OpenDataDeps, scope: BulkScope): AsyncGenerator<Record<string, unknown>> {
  for await (const releases of histories(deps, scope))
    yield { ocid: releases[0]!.ocid, releases, compiledRelease: compiledRelease(releases) };
}

async function* contractsCsv(deps: AppDeps, scope: BulkScope): AsyncGenerator<string | Buffer> {
  yield csvLine(CONTRACT_COLUMNS.map((column) => column.header));
  yield* renderedLines(deps, scope, 'csv');
}

/** Every supplier of the scope's monitors, with the figures engine's totals (the suppliers page's). */
async function* suppliersOf(deps: AppDeps, scope: BulkScope): AsyncGenerator<FlatSupplier[]> {
  const monitors =
    scope.kind === 'monitor'
      ? [scope.organization]
      : ((
          await Promise.all(
            [...(await scopeMonitors(deps, scope)).keys()].map((id) => deps.organizations.get(id)),
          )
        ).filter(Boolean) as OrganizationRow[]);
  const size = 2_000;
  for (const organization of monitors)
    for (let offset = 0; ; offset += size) {
      const { rows } = await listSupplierWindow(
        deps,
        organization,
        {},
        { offset, limit: size },
        { cache: false },
      );
      const known = await supplierRows(
        deps.database.db,
        rows.map((row) => row._id),
      );
      yield rows.map((row) => ({
        monitor: organization.name,
        id: row._id,
        name: row.name,
        rfc: known.get(row._id)?.rfc ?? null,
        contracts: row.contractsCount,
        public: row.public,
        invitation: row.invitation,
        noBid: row.noBid,
        total: row.total,
      }));
      if (rows.length < size) break;
      await nextTurn();
    }
}

async function* suppliersCsv(deps: AppDeps, scope: BulkScope): AsyncGenerator<string> {
  yield csvLine(SUPPLIER_COLUMNS.map((column) => column.header));
  for await (const rows of suppliersOf(deps, scope))
    if (rows.length > 0)
      yield rows.map((row) => csvLine(SUPPLIER_COLUMNS.map((column) => column.value(row)))).join('');
}

async function* flatRows<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

function workbook(deps: AppDeps, scope: BulkScope, version: ScopeVersion): Readable {
  const document: ExportDocument = {
    title: 'Contratos (datos abiertos)',
    organizationName: scope.kind === 'monitor' ? scope.organization.name : 'Todos los monitores',
    consultedAt: deps.now(),
    filters: [],
    summary: [],
    note: `Una fila por contrato; encabezados con las rutas del Estándar de Datos de Contrataciones Abiertas (OCDS 1.1). Datos al ${version.date?.toISOString().slice(0, 10) ?? '—'}.`,
    sections: [
      { title: 'Contratos', columns: CONTRACT_COLUMNS, rows: flatRows(liveStates(deps, scope)) },
      { title: 'Proveedores', columns: SUPPLIER_COLUMNS, rows: flatRows(suppliersOf(deps, scope)) },
    ],
  };
  return renderXlsx(document);
}

/** The file's chunks, built from the database. */
export function buildFile(
  deps: AppDeps,
  scope: BulkScope,
  version: ScopeVersion,
  file: OpenDataFile,
): AsyncIterable<string | Buffer> {
  switch (file) {
    case 'jsonl':
      return renderedLines(deps, scope, 'jsonl');
    case 'csv':
      return contractsCsv(deps, scope);
    case 'suppliers.csv':
      return suppliersCsv(deps, scope);
    case 'releases.json':
      return renderJson(packageHead(meta(deps, scope, version, file)), 'releases', everyRelease(deps, scope));
    case 'records.json':
      return renderJson(
        {
          ...packageHead(meta(deps, scope, version, file)),
          packages: [meta(deps, scope, version, file).uri],
        },
        'records',
        everyRecord(deps, scope),
      );
    case 'xlsx':
      return workbook(deps, scope, version);
  }
}

/**
 * A file being built: written to a temporary file at the pace of the database and this process,
 * whoever waits for it. Visitors who download it meanwhile follow that file as it grows (follow),
 * so a slow or departed visitor neither slows the build nor holds its transaction open, and a
 * crowd that arrives before it is kept costs one build. When the build ends whole, the file
 * becomes the version's kept file (older versions of the scope are dropped); a failed or stopped
 * build leaves nothing.
 */
interface Building {
  temporary: string;
  /** Bytes in the temporary file so far. */
  written: number;
  /** 'kept' once renamed, the failure when it failed, null while building. */
  outcome: 'kept' | Error | null;
  /** Resolves at the next write or at the end (replaced each time). */
  changed: Promise<void>;
  /** Opened: the temporary file exists (followers open it after this). */
  opened: Promise<void>;
  stop: AbortController;
  /** Resolves when kept, rejects when the build failed or was stopped. */
  finished: Promise<void>;
}

/** The builds under way in this process, by their kept file's path. */
const building = new Map<string, Building>();

/** The build of the version's file: the one under way, or a new one. */
function buildOnce(deps: AppDeps, scope: BulkScope, version: ScopeVersion, file: OpenDataFile): Building {
  const dir = directory(deps);
  const final = path.join(dir, fileName(version, file));
  const running = building.get(final);
  if (running) return running;
  let wake = () => {};
  let opened = () => {};
  const build: Building = {
    temporary: `${final}.${randomBytes(6).toString('hex')}.tmp`,
    written: 0,
    outcome: null,
    changed: new Promise<void>((resolve) => (wake = resolve)),
    opened: new Promise<void>((resolve) => (opened = resolve)),
    stop: new AbortController(),
    finished: Promise.resolve(),
  };
  const changed = () => {
    const waking = wake;
    build.changed = new Promise<void>((resolve) => (wake = resolve));
    waking();
  };
  building.set(final, build);
  // Background work bounded by the statement timeout, not by the request that may have started it.
  build.finished = withoutQueryDeadline(async () => {
    let whole = false;
    try {
      await mkdir(dir, { recursive: true });
      const handle = await open(build.temporary, 'w');
      opened();
      try {
        for await (const chunk of buildFile(deps, scope, version, file)) {
          if (build.stop.signal.aborted)
            throw new Error('the open data file was stopped (the server is stopping)');
          const { bytesWritten } =
            typeof chunk === 'string' ? await handle.write(chunk) : await handle.write(chunk);
          build.written += bytesWritten;
          changed();
        }
        whole = true;
      } finally {
        await handle.close();
      }
      await rename(build.temporary, final);
      await dropOlder(dir, version, file);
      build.outcome = 'kept';
    } catch (error) {
      build.outcome = error instanceof Error ? error : new Error(String(error));
      if (!whole) await rm(build.temporary, { force: true });
      throw build.outcome;
    } finally {
      opened();
      building.delete(final);
      changed();
    }
  });
  // Its failure is told to whoever waits (a job, a download) and logged once here (a stop is not one).
  deps.background.run(`open data file ${fileName(version, file)}`, () =>
    build.finished.catch((error: unknown) => {
      if (!build.stop.signal.aborted) throw error;
    }),
  );
  return build;
}

/**
 * The bytes of a file being built, read from its temporary file as they are written, through one
 * buffer: each chunk must be written out before the next is asked for (sendBuilt does). Throws
 * the build's failure after what was written.
 */
async function* follow(
  build: Building,
  kept: () => Promise<{ path: string } | null>,
): AsyncGenerator<Buffer> {
  await build.opened;
  let handle: FileHandle;
  try {
    handle = await open(build.temporary, 'r');
  } catch (error) {
    // Ended before it could be opened: the kept file, or the failure.
    await build.finished;
    const done = await kept();
    if (!done) throw error;
    handle = await open(done.path, 'r');
  }
  const buffer = Buffer.allocUnsafeSlow(KEPT_CHUNK);
  try {
    for (let position = 0; ; ) {
      const end = build.outcome === null ? build.written : (await handle.stat()).size;
      if (position < end) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(KEPT_CHUNK, end - position), position);
        if (bytesRead === 0) throw new Error('the open data file ended early');
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
        continue;
      }
      if (build.outcome instanceof Error) throw build.outcome;
      if (build.outcome === 'kept') return;
      await build.changed;
    }
  } finally {
    await handle.close();
  }
}

/** Stops this server's builds (it is closing) and waits until each has removed its file. */
export async function stopBuilds(deps: Pick<OpenDataDeps, 'config'>): Promise<void> {
  const dir = directory(deps);
  const mine = [...building.entries()]
    .filter(([final]) => path.dirname(final) === dir)
    .map(([, build]) => build);
  for (const build of mine) build.stop.abort();
  await Promise.all(mine.map((build) => build.finished.catch(() => undefined)));
}

/** Removes the scope's files of this kind kept for other data versions. */
async function dropOlder(dir: string, version: ScopeVersion, file: OpenDataFile) {
  const keep = fileName(version, file);
  for (const name of await readdir(dir))
    if (name.startsWith(version.prefix) && name.endsWith(`.${file}`) && name !== keep)
      await rm(path.join(dir, name), { force: true });
}

/**
 * The file: the kept one of this version (to send with sendKept), or its bytes as its build writes
 * them (sendBuilt), the build started when none is under way.
 */
export async function fileStream(
  deps: AppDeps,
  scope: BulkScope,
  version: ScopeVersion,
  file: OpenDataFile,
): Promise<{ kept: { path: string; size: number } } | { chunks: AsyncIterable<Buffer> }> {
  const kept = await keptFile(deps, version, file);
  if (kept) return { kept };
  return { chunks: follow(buildOnce(deps, scope, version, file), () => keptFile(deps, version, file)) };
}

/** Bytes a kept file is read with at a time, and how many such buffers take turns. */
const KEPT_CHUNK = 256 * 1024;
const KEPT_BUFFERS = 4;

/**
 * Sends a kept file through a few buffers that take turns, each used again only once the socket
 * has taken what it held (the write's callback): reading a file at hundreds of MB/s into a new
 * buffer per chunk left some 80 MB of them waiting for the garbage collector. Resolves when the
 * file was sent or the visitor left.
 */
export async function sendKept(raw: ServerResponse, file: { path: string; size: number }) {
  const handle = await open(file.path, 'r');
  const free = Array.from({ length: KEPT_BUFFERS }, () => Buffer.allocUnsafeSlow(KEPT_CHUNK));
  const writing = new Set<Promise<void>>();
  try {
    for (let position = 0; position < file.size && !raw.destroyed; ) {
      if (free.length === 0) await Promise.race(writing);
      const buffer = free.pop()!;
      const { bytesRead } = await handle.read(buffer, 0, KEPT_CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const written: Promise<void> = new Promise<void>((resolve) => {
        raw.write(buffer.subarray(0, bytesRead), () => {
          writing.delete(written);
          free.push(buffer);
          resolve();
        });
      });
      writing.add(written);
    }
    if (!raw.destroyed) await Promise.all(writing);
  } catch (error) {
    raw.destroy();
    throw error;
  } finally {
    await handle.close();
    if (!raw.destroyed) raw.end();
  }
}

/**
 * Sends a file as it is built, each chunk written to the socket before the next is read. A visitor
 * who leaves stops reading (the build goes on, and the file is kept for the next one). Resolves
 * when the file was sent or the visitor left.
 */
export async function sendBuilt(raw: ServerResponse, chunks: AsyncIterable<Buffer>) {
  let whole = false;
  try {
    for await (const chunk of chunks) {
      if (raw.destroyed) return;
      await new Promise<void>((resolve) => raw.write(chunk, () => resolve()));
    }
    whole = true;
  } finally {
    // Cut, the connection is closed without the end of the answer: no visitor takes half a file for a whole one.
    if (whole) raw.end();
    else raw.destroy();
  }
}

/** Builds and keeps every missing file of a scope's version (the open data job), one after the other. */
export async function keepFiles(deps: AppDeps, scope: BulkScope, signal?: AbortSignal): Promise<void> {
  const version = await scopeVersion(deps, scope);
  const { processes } = await scopeContracts(deps, scope);
  for (const file of OPEN_DATA_FILES) {
    if (signal?.aborted) return;
    if (processes === 0 && PACKAGE_FILES.includes(file)) continue;
    if (await keptFile(deps, version, file)) continue;
    const build = buildOnce(deps, scope, version, file);
    // A job stopped (the server is stopping) stops its build.
    const stop = () => build.stop.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await build.finished;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
}
