import type { Worker } from 'node:worker_threads';
import { LIMITS } from '../../../shared/constants/limits';
import type { DataLoadSummary } from '../../../shared/schemas/data-load';
import type { Database } from '../../db/client';
import type { JobContext } from '../../lib/jobs';
import { startWorker } from '../../lib/worker-thread';
import { createNotification } from '../admin/notifications.service';
import { administrationPeriodsOf } from '../contracts/contracts.options';
import { contractsFingerprinted, contractsNumbered } from '../contracts/contracts.write';
import {
  type DataLoadRow,
  defaultPeriodOf,
  deleteLoadFiles,
  deleteLoadRows,
  findLoad,
  insertLoadRows,
  loadFileBytes,
  lockLoad,
  monitorReferences,
  type RowToInsert,
  updateLoad,
} from './data-load.repository';
import type { DataLoadDeps } from './data-load.types';
import type { ReadMessage, ReadRequest } from './read.worker';
import { CORRUPT_WORKBOOK, TOO_MUCH_TO_READ } from './sheet/workbook';
import type { SerialisedRow } from './staging';

/**
 * The reading of an uploaded file (the load's job, data-load-jobs.ts): the file is read on a
 * thread (read.worker.ts), each batch of its rows classified (errors, duplicates, new) and staged
 * with the load locked, then the load is marked ready for review with its summary, or failed with
 * the file's message.
 */

export const DATA_LOAD_READ_JOB = 'data-load-read';

export const administrationChosenMessage = (period: string) =>
  `Administración indicada al cargar el archivo: ${period}, para todos los registros.`;

/** Rows the reading thread sends at a time (each batch is one transaction). */
const BATCH_ROWS = 1_000;
/**
 * The reading thread's heap: the shared strings of a 25 MB workbook and the monitor's suppliers
 * fit with room to spare (about 100 MB at 100,000 rows); a file that needs more fails with
 * TOO_MUCH_TO_READ and the server is untouched (decision 0034).
 */
const READER_MEMORY = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 8 };

/** What a load's rows add up to, counted as they are staged. */
class Tally {
  newContracts = 0;
  skippedContracts = 0;
  errors = 0;
  notContracts = 0;
  readonly newSuppliers = new Set<string>();
  readonly existingSuppliers = new Set<string>();
  readonly newUnits = new Set<string>();
  readonly existingUnits = new Set<string>();
  /** Identities of the rows that will be created, to skip a repeat later in the file. */
  readonly identities = new Set<string>();

  summary(): DataLoadSummary {
    return {
      newContractsCount: this.newContracts,
      newSuppliersCount: this.newSuppliers.size,
      newAdministrativeUnitsCount: this.newUnits.size,
      skippedContractsCount: this.skippedContracts,
      skippedSuppliersCount: this.existingSuppliers.size,
      skippedAdministrativeUnitsCount: this.existingUnits.size,
      errorsCount: this.errors,
      notContractsCount: this.notContracts,
    };
  }
}

/** Decides each staged row's status: errors, a duplicate (in the monitor or earlier in the file), or new. */
async function classify(
  db: Database,
  organizationId: string,
  rows: readonly SerialisedRow[],
  tally: Tally,
): Promise<RowToInsert[]> {
  const numbers: string[] = [];
  const fingerprints: string[] = [];
  for (const row of rows) {
    if (row.identity?.startsWith('n:')) numbers.push(row.identity.slice(2));
    else if (row.identity?.startsWith('f:')) fingerprints.push(row.identity.slice(2));
  }
  const numbered = numbers.length ? await contractsNumbered(db, organizationId, numbers) : new Map();
  const fingerprinted = fingerprints.length
    ? await contractsFingerprinted(db, organizationId, fingerprints)
    : new Set<string>();
  const inMonitor = (identity: string) =>
    identity.startsWith('n:') ? numbered.has(identity.slice(2)) : fingerprinted.has(identity.slice(2));

  return rows.map((row) => {
    // Not a contract (format 28): listed apart, counted on its own, never an error nor a duplicate.
    if (row.notContract) {
      tally.notContracts++;
      return { ...row, status: 'NOT_CONTRACT', skipRow: true, willCreateDoc: false };
    }
    if (row.hasErrors || !row.identity || !row.contractJson) {
      tally.errors++;
      return { ...row, status: 'ERROR', skipRow: false, willCreateDoc: false };
    }
    if (tally.identities.has(row.identity) || inMonitor(row.identity)) {
      tally.skippedContracts++;
      return { ...row, status: 'SKIPPED', skipRow: true, willCreateDoc: false };
    }
    tally.identities.add(row.identity);
    tally.newContracts++;
    const { supplier, units } = row.references;
    if (supplier) (supplier.startsWith('id:') ? tally.existingSuppliers : tally.newSuppliers).add(supplier);
    for (const unit of units) (unit.startsWith('id:') ? tally.existingUnits : tally.newUnits).add(unit);
    return { ...row, status: 'NO_ISSUES', skipRow: false, willCreateDoc: true };
  });
}

/** The monitor's administration periods: its contracts' and its default one (format 28 finds a row's by its year). */
async function monitorPeriods(deps: DataLoadDeps, organizationId: string): Promise<string[]> {
  const periods = await administrationPeriodsOf(deps, organizationId);
  const fallback = await defaultPeriodOf(deps.database.db, organizationId);
  return fallback && !periods.includes(fallback) ? [...periods, fallback] : periods;
}

/** The reading thread's messages, one at a time. */
function messagesOf(worker: Worker): AsyncGenerator<ReadMessage> {
  const queue: ReadMessage[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const push = (message: ReadMessage) => {
    queue.push(message);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error: Error & { code?: string }) =>
    push({
      type: 'failed',
      message: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? TOO_MUCH_TO_READ : CORRUPT_WORKBOOK,
    }),
  );
  // The thread ends only when the job ends it, or when it dies (then no message says why).
  worker.on('exit', () => {
    ended = true;
    wake?.();
  });
  return (async function* () {
    for (;;) {
      if (queue.length > 0) {
        yield queue.shift()!;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  })();
}

/**
 * The reading job: reads the file on a thread, stages its rows batch by batch (each batch written
 * with the load locked, so a cancel in between stops it), then marks the load ready for review
 * with its summary. A new attempt (the process died) starts over from the first row.
 */
export async function readLoad(
  deps: DataLoadDeps,
  dataLoadId: string,
  context: Pick<JobContext, 'progress' | 'signal' | 'log'>,
) {
  const { db } = deps.database;
  const load = await findLoad(db, dataLoadId);
  if (load?.status !== 'UPLOADING' || !load.fileId) return;
  // One file, or the upload's several in order (each row then says which it came from).
  const sources = load.files.length > 0 ? load.files : [{ fileId: load.fileId, fileName: load.fileName }];
  const files: ReadRequest['files'] = [];
  for (const source of sources) {
    const bytes = await loadFileBytes(db, deps.objects, source.fileId);
    if (!bytes) {
      await failLoad(deps, load, CORRUPT_WORKBOOK);
      return;
    }
    files.push({ name: load.files.length > 0 ? source.fileName : null, bytes });
  }
  const tally = new Tally();
  const request: ReadRequest = {
    files,
    references: await monitorReferences(db, load.organizationId),
    maxRows: LIMITS.dataLoadRows,
    maxUncompressedBytes: LIMITS.dataLoadUncompressedBytes,
    batchRows: BATCH_ROWS,
    context: {
      administrationPeriod: load.administrationPeriod,
      periods: await monitorPeriods(deps, load.organizationId),
    },
  };
  const worker = startWorker(new URL('./read.worker.ts', import.meta.url), {
    data: request,
    transferList: files.map((file) => file.bytes.buffer as ArrayBuffer),
    resourceLimits: READER_MEMORY,
  });
  const stop = () => void worker.terminate();
  context.signal.addEventListener('abort', stop, { once: true });
  let first = true;
  let processed = 0;
  let total: number | null = null;
  let opened = 0;
  let fileMessages: string[] = [];
  let messages: string[] = [];
  try {
    for await (const message of messagesOf(worker)) {
      if (message.type === 'opened') {
        // Each file adds its rows and its messages; the chosen administration is said once, last.
        total =
          opened === 0
            ? message.total
            : total === null || message.total === null
              ? null
              : total + message.total;
        opened++;
        fileMessages = [...fileMessages, ...message.messages];
        messages = load.administrationPeriod
          ? [...fileMessages, administrationChosenMessage(load.administrationPeriod)]
          : fileMessages;
        await updateLoad(db, load.id, { rowsTotal: total, messages });
      } else if (message.type === 'rows') {
        // The thread reads the next batch while this one is written (at most two in memory).
        worker.postMessage('next');
        const rows = await classify(db, load.organizationId, message.rows, tally);
        const going = await db.transaction(async (tx) => {
          const locked = await lockLoad(tx, load.id);
          if (locked?.status !== 'UPLOADING') return false;
          if (first) await deleteLoadRows(tx, load.id);
          await insertLoadRows(tx, load.id, rows);
          processed = message.read;
          await updateLoad(tx, load.id, { rowsProcessed: processed });
          return true;
        });
        first = false;
        if (!going) return;
        context.progress(total ? processed / total : 0, `${load.id}:${processed}:${total ?? ''}`);
      } else if (message.type === 'failed') {
        await failLoad(deps, load, message.message);
        return;
      } else if (message.type === 'done') {
        await finishLoad(deps, load, tally, message.read, messages);
        context.progress(1, `${load.id}:${message.read}:${message.read}`);
        return;
      }
    }
    // Stopped (the server is shutting down): the attempt fails, so the queue runs it again.
    if (context.signal.aborted) throw new Error('Data load reading interrupted');
    // The thread ended without saying why (it ran out of memory, say): the file cannot be read.
    await failLoad(deps, load, CORRUPT_WORKBOOK);
  } finally {
    context.signal.removeEventListener('abort', stop);
    await worker.terminate();
  }
}

async function finishLoad(
  deps: DataLoadDeps,
  load: DataLoadRow,
  tally: Tally,
  read: number,
  messages: string[],
) {
  const summary = tally.summary();
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockLoad(tx, load.id);
    if (locked?.status !== 'UPLOADING') return;
    await updateLoad(tx, load.id, {
      status: 'CURRENT',
      summary,
      rowsTotal: read,
      rowsProcessed: read,
      messages,
    });
    await createNotification(tx, {
      organizationId: load.organizationId,
      createdBy: load.uploadedBy,
      status: summary.errorsCount > 0 ? 'DANGER' : 'INFO',
      message: `El archivo «${load.fileName}» está listo para revisión: ${summary.newContractsCount} contratos nuevos, ${summary.skippedContractsCount} omitidos y ${summary.errorsCount} registros con errores.`,
    });
  });
}

async function failLoad(deps: DataLoadDeps, load: DataLoadRow, message: string) {
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockLoad(tx, load.id);
    if (locked?.status !== 'UPLOADING') return;
    await deleteLoadRows(tx, load.id);
    await updateLoad(tx, load.id, { status: 'FAILED', failureMessage: message });
    await deleteLoadFiles(tx, deps.objects, locked);
    await createNotification(tx, {
      organizationId: load.organizationId,
      createdBy: load.uploadedBy,
      status: 'DANGER',
      message: `No se pudo cargar el archivo «${load.fileName}»: ${message}`,
    });
  });
}
