import type { Worker } from 'node:worker_threads';
import { LIMITS } from '../../../shared/constants/limits';
import { pageCount } from '../../../shared/schemas/common';
import {
  DATA_LOAD_MESSAGES,
  type DataLoadInfo,
  type DataLoadRowDoc,
  type DataLoadSummary,
  type StagedContract,
} from '../../../shared/schemas/data-load';
import { type Database, withoutQueryDeadline } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { JobContext } from '../../lib/jobs';
import { startWorker } from '../../lib/worker-thread';
import type { AppDeps, OrganizationRow } from '../../types';
import { createNotification } from '../admin/notifications.service';
import { documentRegistration } from '../backups/backups.service';
import { type ContractWrite, prepareContracts, writeContracts } from '../contracts/contracts.write';
import { contractsFingerprinted, contractsNumbered } from '../contracts/contracts-write.repository';
import { requestTidyAfterBulkWrite } from '../figures/figure-jobs';
import {
  type DataLoadRow,
  deleteLoadFile,
  deleteLoadRows,
  findLatestLoad,
  findLoad,
  findOpenLoad,
  importableRowsAfter,
  insertLoad,
  insertLoadFile,
  insertLoadRows,
  insertSuppliers,
  insertUnits,
  isOpenLoadConflict,
  lastConfirmedLoad,
  loadFileBytes,
  loadRowsAfter,
  lockLoad,
  monitorReferences,
  pageLoadRows,
  type RowFilters,
  type RowToInsert,
  updateLoad,
  userName,
} from './data-load.repository';
import type { ReadMessage, ReadRequest } from './read.worker';
import { References } from './references';
import type { SerialisedRow } from './staging';
import type { ValidationRow } from './validations';
import {
  CORRUPT_WORKBOOK,
  declaredLastRow,
  fileKindOf,
  TOO_LARGE_UNCOMPRESSED,
  TOO_MUCH_TO_READ,
  tooManyRows,
  zipUncompressedBytes,
} from './workbook';

/**
 * The spreadsheet load (admin spec, sections 2 to 8; data-load-rules.md): an upload stores the
 * file and queues its reading; the reading job stages every row with its messages, duplicates and
 * references; the administrator reviews, corrects, cancels or confirms; confirm writes through the
 * one contract write path in one transaction. State lives in PostgreSQL (data_loads, data_load_rows),
 * so any process serves any step and a restart loses nothing.
 */

export const DATA_LOAD_READ_JOB = 'data-load-read';

/** Rows the reading thread sends at a time (each batch is one transaction). */
const BATCH_ROWS = 1_000;
/**
 * The reading thread's heap: the shared strings of a 25 MB workbook and the monitor's suppliers
 * fit with room to spare (about 100 MB at 100,000 rows); a file that needs more fails with
 * TOO_MUCH_TO_READ and the server is untouched (decision 0034).
 */
const READER_MEMORY = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 8 };

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'now' | 'config' | 'objects'>;

// ---------------------------------------------------------------------------------------------
// Upload

export interface UploadInput {
  file: Buffer | null;
  fileName: string | null;
  /** Corrections: the current load whose rows the file replaces. */
  idDataLoad?: string;
}

/**
 * Stores the file and queues its reading; answers at once. What the file is (by content) and its
 * unzipped size are checked here; everything else is the reading job's (its messages reach the
 * screen as the load's failure).
 */
export async function uploadLoad(
  deps: Deps,
  organization: OrganizationRow,
  actor: Actor,
  input: UploadInput,
): Promise<DataLoadInfo> {
  const { file } = input;
  if (!file || file.length === 0) throw new AppError('BAD_REQUEST', DATA_LOAD_MESSAGES.noFile);
  const kind = fileKindOf(file.subarray(0, 8));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DATA_LOAD_MESSAGES.notSpreadsheet);
  if (kind === 'xlsx') {
    const unzipped = zipUncompressedBytes(file);
    if (unzipped === null) throw new AppError('UNPROCESSABLE', CORRUPT_WORKBOOK);
    if (unzipped > LIMITS.dataLoadUncompressedBytes)
      throw new AppError('UNPROCESSABLE', TOO_LARGE_UNCOMPRESSED);
    // A sheet that declares more rows than allowed (besides one of headers) is refused unread;
    // the reading counts them anyway, for sheets that declare nothing.
    const lastRow = declaredLastRow(file);
    if (lastRow !== null && lastRow - 1 > LIMITS.dataLoadRows)
      throw new AppError('UNPROCESSABLE', tooManyRows(LIMITS.dataLoadRows));
  }
  const fileName = cleanFileName(input.fileName, kind);
  const mime =
    kind === 'xlsx'
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'application/vnd.ms-excel';
  const { db } = deps.database;
  try {
    await db.transaction(async (tx) => {
      const storedId = await insertLoadFile(tx, {
        organizationId: organization.id,
        fileName,
        data: file,
        mime,
        createdBy: actor.userId,
      });
      let loadId: string;
      if (input.idDataLoad) {
        const load = await lockLoad(tx, input.idDataLoad);
        if (!load || load.organizationId !== organization.id || load.status !== 'CURRENT')
          throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
        await deleteLoadFile(tx, deps.objects, load.fileId);
        await updateLoad(tx, load.id, {
          status: 'UPLOADING',
          fileName,
          fileId: storedId,
          uploadedBy: actor.userId,
          summary: null,
          rowsTotal: null,
          rowsProcessed: 0,
          messages: [],
          failureMessage: null,
        });
        loadId = load.id;
      } else {
        const load = await insertLoad(tx, {
          organizationId: organization.id,
          uploadedBy: actor.userId,
          fileName,
          fileId: storedId,
        });
        loadId = load.id;
      }
      await deps.jobs.enqueue(DATA_LOAD_READ_JOB, { dataLoadId: loadId }, { tx });
    });
  } catch (error) {
    if (isOpenLoadConflict(error)) throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.inProgress);
    throw error;
  }
  return loadInfo(deps, organization);
}

/** The name shown for the file: the browser's, without a path or control characters, or a default. */
function cleanFileName(name: string | null, kind: 'xlsx' | 'cfb'): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}]/gu, '')
    .trim()
    .slice(0, 200);
  return base || (kind === 'xlsx' ? 'carga.xlsx' : 'carga.xls');
}

// ---------------------------------------------------------------------------------------------
// Reading (the job)

/** What a load's rows add up to, counted as they are staged. */
class Tally {
  newContracts = 0;
  skippedContracts = 0;
  errors = 0;
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
  deps: Deps,
  dataLoadId: string,
  context: Pick<JobContext, 'progress' | 'signal' | 'log'>,
) {
  const { db } = deps.database;
  const load = await findLoad(db, dataLoadId);
  if (load?.status !== 'UPLOADING' || !load.fileId) return;
  const bytes = await loadFileBytes(db, deps.objects, load.fileId);
  if (!bytes) {
    await failLoad(deps, load, CORRUPT_WORKBOOK);
    return;
  }
  const tally = new Tally();
  const request: ReadRequest = {
    file: bytes,
    references: await monitorReferences(db, load.organizationId),
    maxRows: LIMITS.dataLoadRows,
    maxUncompressedBytes: LIMITS.dataLoadUncompressedBytes,
    batchRows: BATCH_ROWS,
  };
  const worker = startWorker(new URL('./read.worker.ts', import.meta.url), {
    data: request,
    transferList: [bytes.buffer as ArrayBuffer],
    resourceLimits: READER_MEMORY,
  });
  const stop = () => void worker.terminate();
  context.signal.addEventListener('abort', stop, { once: true });
  let first = true;
  let processed = 0;
  let total: number | null = null;
  let messages: string[] = [];
  try {
    for await (const message of messagesOf(worker)) {
      if (message.type === 'opened') {
        total = message.total;
        messages = message.messages;
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

async function finishLoad(deps: Deps, load: DataLoadRow, tally: Tally, read: number, messages: string[]) {
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

async function failLoad(deps: Deps, load: DataLoadRow, message: string) {
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockLoad(tx, load.id);
    if (locked?.status !== 'UPLOADING') return;
    await deleteLoadRows(tx, load.id);
    await updateLoad(tx, load.id, { status: 'FAILED', failureMessage: message });
    await deleteLoadFile(tx, deps.objects, locked.fileId);
    await createNotification(tx, {
      organizationId: load.organizationId,
      createdBy: load.uploadedBy,
      status: 'DANGER',
      message: `No se pudo cargar el archivo «${load.fileName}»: ${message}`,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Review

export async function loadInfo(deps: Deps, organization: OrganizationRow): Promise<DataLoadInfo> {
  const { db } = deps.database;
  const [open, latest, recent] = await Promise.all([
    findOpenLoad(db, organization.id),
    findLatestLoad(db, organization.id),
    lastConfirmedLoad(db, organization.id),
  ]);
  return {
    current: open
      ? {
          _id: open.id,
          status: open.status,
          fileName: open.fileName,
          uploadedBy: await userName(db, open.uploadedBy),
          createdAt: open.createdAt.toISOString(),
          rowsProcessed: open.rowsProcessed,
          rowsTotal: open.rowsTotal,
          summary: open.summary ?? null,
          messages: open.messages,
        }
      : null,
    recent: recent
      ? { recentConfirmedAt: recent.confirmedAt.toISOString(), recentUploadedBy: recent.uploadedBy }
      : null,
    failed:
      !open && latest?.status === 'FAILED'
        ? {
            _id: latest.id,
            fileName: latest.fileName,
            message: latest.failureMessage ?? CORRUPT_WORKBOOK,
            createdAt: latest.createdAt.toISOString(),
          }
        : null,
  };
}

/** The current load, or the spec's 'not available' answer. */
async function currentLoad(deps: Deps, organization: OrganizationRow): Promise<DataLoadRow> {
  const load = await findOpenLoad(deps.database.db, organization.id);
  if (!load) throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
  return load;
}

/**
 * The current load's rows in order, read 2,000 at a time (the validations download). The load is
 * found first, so a monitor without one gets its error before the download starts.
 */
export async function currentLoadRows(
  deps: Deps,
  organization: OrganizationRow,
): Promise<AsyncGenerator<ValidationRow>> {
  const { id } = await currentLoad(deps, organization);
  const { db } = deps.database;
  return (async function* rows() {
    let after = 0;
    for (;;) {
      const page = await loadRowsAfter(db, id, after, 2_000);
      if (page.length === 0) return;
      after = page.at(-1)!.rowIndex;
      yield* page;
    }
  })();
}

export async function loadRowsPage(
  deps: Deps,
  organization: OrganizationRow,
  query: RowFilters & { page: number },
): Promise<{ docs: DataLoadRowDoc[]; total: number; page: number; pages: number }> {
  // No load (confirmed or cancelled meanwhile, in another tab say): nothing to review.
  const load = await findOpenLoad(deps.database.db, organization.id);
  if (!load) return { docs: [], total: 0, page: 1, pages: 1 };
  const limit = LIMITS.dataLoadPageSize;
  const { rows, total } = await pageLoadRows(deps.database.db, load.id, { ...query, limit });

  return {
    docs: rows.map((row) => ({
      rowIndex: row.rowIndex,
      data: Object.fromEntries(
        Object.entries(row.data).map(([field, cell]) => [
          field,
          {
            value: cell.value === null || cell.value === undefined ? null : String(cell.value),
            errors: cell.errors ?? [],
            infos: cell.infos ?? [],
            // Only a row that will be written creates its new supplier or unit.
            shouldCreateDoc: row.status === 'NO_ISSUES' && (cell.shouldCreateDoc ?? false),
          },
        ]),
      ),
      hasErrors: row.hasErrors,
      hasInfos: row.hasInfos,
      skipRow: row.skipRow,
      willCreateDoc: row.willCreateDoc,
      status: row.status,
    })),
    total,
    page: query.page,
    pages: pageCount(total, limit),
  };
}

// ---------------------------------------------------------------------------------------------
// Cancel and confirm

export async function cancelLoad(deps: Deps, organization: OrganizationRow, actor: Actor): Promise<void> {
  const load = await currentLoad(deps, organization);
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockLoad(tx, load.id);
    if (!locked || (locked.status !== 'UPLOADING' && locked.status !== 'CURRENT'))
      throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
    await deleteLoadRows(tx, load.id);
    await updateLoad(tx, load.id, {
      status: 'CANCELLED',
      cancelledAt: deps.now(),
      cancelledBy: actor.userId,
    });
    await deleteLoadFile(tx, deps.objects, locked.fileId);
    await createNotification(tx, {
      organizationId: organization.id,
      createdBy: actor.userId,
      status: 'INFO',
      message: `${actor.name} canceló la carga del archivo «${load.fileName}».`,
    });
  });
}

type NewUnit = { id: string; organizationId: string; name: string; createdBy: string };
type NewSupplier = NewUnit & { rfc: string | null };

export interface ConfirmResult {
  contracts: number;
  suppliers: number;
  administrativeUnits: number;
  skipped: number;
}

/**
 * Confirms the current load in one transaction: the monitor's suppliers and units looked up again
 * (created where missing), the importable rows written through saveContracts (a row whose number
 * or fingerprint reached the monitor since the review is skipped), the load marked confirmed, its
 * rows dropped and the notification raised. Two confirms at once: the second waits for the load's
 * lock and then finds it confirmed.
 */
export async function confirmLoad(
  deps: Deps,
  organization: OrganizationRow,
  actor: Actor,
  options: { ignoreErrors: boolean },
): Promise<ConfirmResult> {
  const load = await currentLoad(deps, organization);
  // Its statements may outlast a request's query deadline; the statement timeout still bounds them.
  return withoutQueryDeadline(() =>
    deps.database.db.transaction(async (tx) => {
      const locked = await lockLoad(tx, load.id);
      if (!locked || locked.organizationId !== organization.id)
        throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
      if (locked.status === 'UPLOADING') throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.stillReading);
      if (locked.status !== 'CURRENT') throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
      if ((locked.summary?.errorsCount ?? 0) > 0 && !options.ignoreErrors)
        throw new AppError('BAD_REQUEST', DATA_LOAD_MESSAGES.errorsNeedChoice);

      const references = new References(await monitorReferences(tx, organization.id));
      const newSuppliers = new Map<string, NewSupplier>();
      const newUnits = new Map<string, NewUnit>();
      // The new ones met in the page being written, inserted before its contracts.
      const suppliersToInsert: NewSupplier[] = [];
      const unitsToInsert: NewUnit[] = [];
      const unitId = (name: string) => {
        const match = references.unit(name);
        if ('id' in match) return match.id;
        let unit = newUnits.get(match.key);
        if (!unit) {
          unit = { id: newId(), organizationId: organization.id, name, createdBy: actor.userId };
          newUnits.set(match.key, unit);
          unitsToInsert.push(unit);
        }
        return unit.id;
      };
      const supplierId = (staged: NonNullable<StagedContract['supplier']>) => {
        const { match } = references.supplier(staged.name, staged.rfc);
        if ('id' in match) return match.id;
        let supplier = newSuppliers.get(match.key);
        if (!supplier) {
          supplier = {
            id: newId(),
            organizationId: organization.id,
            name: staged.name,
            rfc: staged.rfc,
            createdBy: actor.userId,
          };
          newSuppliers.set(match.key, supplier);
          suppliersToInsert.push(supplier);
        }
        return supplier.id;
      };
      /** A page of staged rows as contracts to write, with the suppliers and units first met in it. */
      const preparePage = (page: Awaited<ReturnType<typeof importableRowsAfter>>) => {
        if (page.length === 0) return null;
        const writes: ContractWrite[] = page.map(({ contract }) => ({
          ...contract!.values,
          supplier: contract!.supplier ? supplierId(contract!.supplier) : null,
          organizerAdministrativeUnit: unitId(contract!.organizerUnit),
          applicantAdministrativeUnit: unitId(contract!.applicantUnit),
          _fingerprint: contract!.fingerprint,
        }));
        return {
          after: page.at(-1)!.rowIndex,
          suppliers: suppliersToInsert.splice(0),
          units: unitsToInsert.splice(0),
          contracts: prepareContracts(writes, organization, actor, { dataLoadId: load.id }),
        };
      };
      // The next page is read and prepared while this one is written (issue 12): with a pool of
      // several connections (PostgreSQL) it is read on another one (the staged rows no longer change:
      // the load is locked), else in the transaction; its rules, ids and encoding then run while this
      // page's INSERT runs in the database.
      const reader = deps.database.poolSize > 1 ? deps.database.db : tx;
      const pageRows = deps.config.dataLoad.confirmPageRows;
      const nextPage = (after: number) => {
        const next = importableRowsAfter(reader, load.id, after, pageRows)
          // No connection free in the pool (a crowd of visitors): the page is read in the transaction.
          .catch(() => importableRowsAfter(tx, load.id, after, pageRows))
          .then(preparePage);
        next.catch(() => {}); // awaited below; a failure of the write first must not leave it unhandled
        return next;
      };
      const result: ConfirmResult = { contracts: 0, suppliers: 0, administrativeUnits: 0, skipped: 0 };
      let next = nextPage(0);
      for (let page = await next; page; page = await next) {
        next = nextPage(page.after);
        // New suppliers and units first (the contracts refer to them); each is inserted once. A row
        // whose number or fingerprint reached the monitor since the review (a contract saved by hand,
        // say) is refused by writeContracts and counted as skipped.
        await insertSuppliers(tx, page.suppliers);
        await insertUnits(tx, page.units);
        const saved = await writeContracts(tx, page.contracts, {
          now: deps.now(),
          onRefused: 'skip',
          documents: documentRegistration(deps),
        });
        for (const outcome of saved.outcomes) {
          if (outcome.status === 'created') result.contracts++;
          else result.skipped++;
        }
      }
      result.suppliers = newSuppliers.size;
      result.administrativeUnits = newUnits.size;
      // A large write leaves dead row versions and stale statistics behind (no autovacuum on some
      // servers): cleaned up after the commit, by a job.
      if (result.contracts >= deps.config.tidyAfterContracts) await requestTidyAfterBulkWrite(deps, tx);
      await deleteLoadRows(tx, load.id);
      await updateLoad(tx, load.id, {
        status: 'CONFIRMED',
        confirmedAt: deps.now(),
        confirmedBy: actor.userId,
        summary: {
          ...(locked.summary as DataLoadSummary),
          newContractsCount: result.contracts,
          newSuppliersCount: result.suppliers,
          newAdministrativeUnitsCount: result.administrativeUnits,
        },
      });
      await createNotification(tx, {
        organizationId: organization.id,
        createdBy: actor.userId,
        status: 'SUCCESS',
        message: `${actor.name} confirmó la carga del archivo «${load.fileName}»: ${result.contracts} contratos, ${result.suppliers} proveedores y ${result.administrativeUnits} unidades administrativas nuevos.`,
      });
      return result;
    }),
  );
}
