import type { StagedContract } from '../../../shared/schemas/data-load';
import { DATA_LOAD_MESSAGES, type DataLoadSummary } from '../../../shared/schemas/data-load';
import { withoutQueryDeadline } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { OrganizationRow } from '../../types';
import { createNotification } from '../admin/notifications.service';
import { documentRegistration } from '../backups/backups.service';
import { type ContractWrite, prepareContracts, writeContracts } from '../contracts/contracts.write';
import { requestTidyAfterBulkWrite } from '../figures/figure-jobs';
import { flagRegistration } from '../red-flags/red-flags.service';
import {
  deleteLoadRows,
  importableRowsAfter,
  insertSuppliers,
  insertUnits,
  lockLoad,
  monitorReferences,
  updateLoad,
} from './data-load.repository';
import { currentLoad } from './data-load.service';
import type { DataLoadDeps } from './data-load.types';
import { References } from './references';

/**
 * Confirming a load (admin spec, section 8): its staged rows written through the one contract write
 * path in one transaction, each supplier and unit resolved against the monitor as it stands now.
 */

type NewUnit = { id: string; organizationId: string; name: string; createdBy: string };
type NewSupplier = NewUnit & { rfc: string | null };

/**
 * The suppliers and units of the rows being confirmed: the monitor's (looked up again, as the
 * review may be old) or new ones, each created once whatever the number of rows naming it.
 */
class ConfirmReferences {
  private readonly suppliers = new Map<string, NewSupplier>();
  private readonly units = new Map<string, NewUnit>();
  // The new ones met in the page being written, inserted before its contracts.
  private readonly suppliersToInsert: NewSupplier[] = [];
  private readonly unitsToInsert: NewUnit[] = [];

  constructor(
    private readonly references: References,
    private readonly organizationId: string,
    private readonly createdBy: string,
  ) {}

  unitId(name: string): string {
    const match = this.references.unit(name);
    if ('id' in match) return match.id;
    let unit = this.units.get(match.key);
    if (!unit) {
      unit = { id: newId(), organizationId: this.organizationId, name, createdBy: this.createdBy };
      this.units.set(match.key, unit);
      this.unitsToInsert.push(unit);
    }
    return unit.id;
  }

  supplierId(staged: NonNullable<StagedContract['supplier']>): string {
    const { match } = this.references.supplier(staged.name, staged.rfc);
    if ('id' in match) return match.id;
    let supplier = this.suppliers.get(match.key);
    if (!supplier) {
      supplier = {
        id: newId(),
        organizationId: this.organizationId,
        name: staged.name,
        rfc: staged.rfc,
        createdBy: this.createdBy,
      };
      this.suppliers.set(match.key, supplier);
      this.suppliersToInsert.push(supplier);
    }
    return supplier.id;
  }

  /** The suppliers and units first met since the last call (the page's, to insert before it). */
  takeNew(): { suppliers: NewSupplier[]; units: NewUnit[] } {
    return { suppliers: this.suppliersToInsert.splice(0), units: this.unitsToInsert.splice(0) };
  }

  get newSuppliers(): number {
    return this.suppliers.size;
  }

  get newUnits(): number {
    return this.units.size;
  }
}

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
  deps: DataLoadDeps,
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

      const references = new ConfirmReferences(
        new References(await monitorReferences(tx, organization.id)),
        organization.id,
        actor.userId,
      );
      /** A page of staged rows as contracts to write, with the suppliers and units first met in it. */
      const preparePage = (page: Awaited<ReturnType<typeof importableRowsAfter>>) => {
        if (page.length === 0) return null;
        const writes: ContractWrite[] = page.map(({ contract }) => ({
          ...contract!.values,
          supplier: contract!.supplier ? references.supplierId(contract!.supplier) : null,
          organizerAdministrativeUnit: references.unitId(contract!.organizerUnit),
          applicantAdministrativeUnit: references.unitId(contract!.applicantUnit),
          _fingerprint: contract!.fingerprint,
          ...(contract!.format ? { _format: contract!.format } : {}),
          ...(contract!.related ? { _related: contract!.related } : {}),
        }));
        return {
          after: page.at(-1)!.position,
          ...references.takeNew(),
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
          flags: flagRegistration(deps),
        });
        for (const outcome of saved.outcomes) {
          if (outcome.status === 'created') result.contracts++;
          else result.skipped++;
        }
      }
      result.suppliers = references.newSuppliers;
      result.administrativeUnits = references.newUnits;
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
