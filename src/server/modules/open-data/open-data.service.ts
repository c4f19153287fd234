import { AMENDMENT_CATEGORIES } from '../../../shared/constants/enums';
import {
  addParty,
  type ContractRelations,
  emptyRelations,
  type PartyRole,
} from '../../../shared/contracts/relations';
import { notFound } from '../../lib/errors';
import { nextTurn } from '../../lib/event-loop';
import type { AppDeps, OrganizationRow } from '../../types';
import { newestCopies } from '../backups/backups.service';
import { relationsOfContracts } from '../contracts/contracts.service';
import {
  contractCount,
  earlierReleases,
  firstChanges,
  firstReleaseSince,
  liveContracts,
  liveMonitors,
  parentContracts,
  processReleases,
  type ReleaseCursor,
  releasePage,
  type StoredRelease,
  supplierRows,
  unitNames,
} from './open-data.repository';
import { compiledRelease, type PackageMeta, recordPackage, releasePackage } from './packages';
import { ocidOf, type ReleaseContract, type ReleaseSettings } from './release';
import { buildPrepared } from './render';
import type { BuiltState, PreparedState, Release } from './states';

/**
 * The open data (issue 31, decision 0051): a monitor's releases a page at a time by a stable
 * cursor, a contracting process's record, and the walks the bulk files stream. A batch of stored
 * states becomes releases with a few statements: names, lists, backup copies and parents of the
 * whole batch at once.
 */

export type OpenDataDeps = Pick<AppDeps, 'database' | 'config' | 'organizations' | 'now' | 'cache'>;

/** Contracts per batch of a bulk file's walk. */
export const BULK_BATCH = 1_000;

export const releaseSettings = (deps: Pick<AppDeps, 'config'>): ReleaseSettings => ({
  ocidPrefix: deps.config.openData.ocidPrefix,
  publicUrl: deps.config.publicUrl,
});

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** A timestamp as a driver gives it (a Date) or as JSON keeps it (ISO text). */
const instant = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** A contracts row with its columns' names (read as columns or kept as JSON) as the release builder reads it. */
export function releaseContract(row: Record<string, unknown>): ReleaseContract {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    procedureType: row.procedure_type as ReleaseContract['procedureType'],
    category: (text(row.category) as ReleaseContract['category']) ?? null,
    administrationPeriod: text(row.administration_period) ?? '',
    fiscalYear: text(row.fiscal_year) ?? '',
    period: text(row.period) ?? '',
    contractId: text(row.contract_id),
    partida: text(row.partida),
    procedureState: (text(row.procedure_state) as ReleaseContract['procedureState']) ?? null,
    announcementUrl: text(row.announcement_url),
    announcementDate: text(row.announcement_date),
    servicesDescription: text(row.services_description),
    clarificationMeetingDate: text(row.clarification_meeting_date),
    clarificationMeetingJudgmentUrl: text(row.clarification_meeting_judgment_url),
    presentationProposalsDocUrl: text(row.presentation_proposals_doc_url),
    administrativeUnitType: text(row.administrative_unit_type),
    contractNumber: text(row.contract_number),
    contractDate: text(row.contract_date),
    contractType: (text(row.contract_type) as ReleaseContract['contractType']) ?? null,
    totalAmount: number(row.total_amount),
    minAmount: number(row.min_amount),
    maxAmount: number(row.max_amount),
    totalOrMaxAmount: number(row.total_or_max_amount),
    contractUrl: text(row.contract_url),
    areaInCharge: text(row.area_in_charge),
    executingArea: text(row.executing_area),
    updateDate: text(row.update_date),
    notes: text(row.notes),
    karewaNotes: text(row.karewa_notes),
    informationDate: text(row.information_date),
    limitExceeded: typeof row.limit_exceeded === 'boolean' ? row.limit_exceeded : null,
    amountExceeded: number(row.amount_exceeded),
    isEmpty: row.is_empty === true,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
  };
}

/** An earlier state's kept lists as the release builder reads them. */
function keptRelations(stored: NonNullable<StoredRelease['relations']>): ContractRelations {
  const relations = emptyRelations();
  for (const party of stored.parties) addParty(relations, { ...party, role: party.role as PartyRole });
  relations.amendments = stored.amendments.map((amendment) => ({ ...amendment }));
  relations.budgetLines = stored.budgetLines.map((line) => ({ code: line.code }));
  return relations;
}

const isAmendmentRow = (contract: ReleaseContract) =>
  contract.category !== null && (AMENDMENT_CATEGORIES as readonly string[]).includes(contract.category);

/** The documents a contract's state links to (for their backup copies). */
function linksOf(contract: ReleaseContract, relations: ContractRelations): string[] {
  return [
    contract.announcementUrl,
    contract.clarificationMeetingJudgmentUrl,
    contract.presentationProposalsDocUrl,
    contract.contractUrl,
    ...relations.amendments.map((amendment) => amendment.url),
  ].flatMap((url) => (url?.trim() ? [url] : []));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Stored states into releases (and the flat files' rows): the units' and suppliers' names, the
 * current states' lists, the documents' copies and the amendment rows' parents read once for the
 * batch. `first` says whether a state is its process's first release (its tags).
 */
export async function buildStates(
  deps: OpenDataDeps,
  states: readonly StoredRelease[],
  monitors: ReadonlyMap<string, { id: string; name: string }>,
  first: (state: StoredRelease) => boolean,
): Promise<BuiltState[]> {
  const settings = releaseSettings(deps);
  return (await prepareStates(deps, states, monitors, first)).map((state) => buildPrepared(state, settings));
}

/**
 * What a walk's batches read once and share: the suppliers named so far (a monitor's thousands of
 * suppliers come back in batch after batch; a million contracts asked for them some 12 s of the
 * database's time), forgotten past a bound so memory stays flat.
 */
export class WalkMemo {
  static readonly SUPPLIERS = 50_000;
  readonly suppliers = new Map<string, { id: string; name: string; rfc: string | null }>();

  /** The batch's suppliers not yet known (the memory is emptied first when full). */
  unknownSuppliers(ids: Iterable<string>): string[] {
    if (this.suppliers.size > WalkMemo.SUPPLIERS) this.suppliers.clear();
    return [...ids].filter((id) => !this.suppliers.has(id));
  }

  remember(found: ReadonlyMap<string, { id: string; name: string; rfc: string | null }>) {
    for (const [id, supplier] of found) this.suppliers.set(id, supplier);
  }
}

/** buildStates' reading: the batch's names, lists, copies and parents, each state's release input. */
export async function prepareStates(
  deps: OpenDataDeps,
  states: readonly StoredRelease[],
  monitors: ReadonlyMap<string, { id: string; name: string }>,
  first: (state: StoredRelease) => boolean,
  memo: WalkMemo = new WalkMemo(),
): Promise<PreparedState[]> {
  if (states.length === 0) return [];
  const { db } = deps.database;
  const settings = releaseSettings(deps);
  const rows = states.map((stored) => ({ stored, contract: releaseContract(stored.contract) }));
  const unitIds = new Set<string>();
  const supplierIds = new Set<string>();
  for (const { stored } of rows) {
    for (const key of ['organizer_administrative_unit_id', 'applicant_administrative_unit_id'])
      if (typeof stored.contract[key] === 'string') unitIds.add(stored.contract[key] as string);
    if (typeof stored.contract.supplier_id === 'string') supplierIds.add(stored.contract.supplier_id);
  }
  const units = await unitNames(db, [...unitIds]);
  memo.remember(await supplierRows(db, memo.unknownSuppliers(supplierIds)));
  const suppliers = memo.suppliers;
  const relations = new Map<StoredRelease, ContractRelations>();
  // One object for every state that keeps nothing beside its fields, one per unit: read-only to
  // the builder, and sent to the bulk files' thread once per batch instead of once per state.
  const none = emptyRelations();
  const unitObjects = new Map<string, { id: string; name: string }>();
  const copies = new Map<string, string | null>();
  const parents = new Map<string, string>();
  for (const [organizationId, group] of groupBy(rows, (row) => row.stored.organizationId)) {
    const current = group.filter((row) => row.stored.relations === null && !row.contract.isEmpty);
    const stored = await relationsOfContracts(
      deps,
      organizationId,
      current.map((row) => row.stored.contractId),
    );
    for (const row of group)
      relations.set(
        row.stored,
        row.stored.relations
          ? keptRelations(row.stored.relations)
          : (stored.get(row.stored.contractId) ?? none),
      );
    const links = [...new Set(group.flatMap((row) => linksOf(row.contract, relations.get(row.stored)!)))];
    if (links.length > 0)
      // Only the links that have a copy: the map goes to the bulk files' thread with every piece of
      // the batch (a thousand contracts' two thousand links, most without a copy, ten times over).
      for (const [url, copy] of await newestCopies(db, organizationId, links))
        if (copy) copies.set(url, copy);
    const processes = [
      ...new Set(
        group.flatMap((row) =>
          isAmendmentRow(row.contract) && row.contract.contractId?.trim() ? [row.contract.contractId] : [],
        ),
      ),
    ];
    for (const [process, id] of await parentContracts(db, organizationId, processes))
      parents.set(`${organizationId}\u0000${process}`, id);
  }
  return rows.map(({ stored, contract }) => {
    const monitor = monitors.get(contract.organizationId) ?? { id: contract.organizationId, name: '' };
    const unit = (key: string) => {
      const id = String(stored.contract[key]);
      let named = unitObjects.get(id);
      if (!named) {
        named = { id, name: units.get(id) ?? '' };
        unitObjects.set(id, named);
      }
      return named;
    };
    const supplierId = text(stored.contract.supplier_id);
    const parent = contract.contractId
      ? parents.get(`${contract.organizationId}\u0000${contract.contractId}`)
      : undefined;
    return {
      stored,
      input: {
        contract,
        change: String(stored.change),
        first: first(stored),
        monitor,
        organizer: unit('organizer_administrative_unit_id'),
        applicant: unit('applicant_administrative_unit_id'),
        supplier: supplierId ? (suppliers.get(supplierId) ?? null) : null,
        relations: relations.get(stored) ?? none,
        copies,
        parentOcid:
          isAmendmentRow(contract) && parent && parent !== contract.id
            ? ocidOf(settings, contract.organizationId, parent)
            : null,
      },
      countsInTotals: stored.contract.counts_in_totals === true,
      monitorName: monitor.name,
    };
  });
}

/** What a package says about itself, for a monitor or the installation. */
export function packageMeta(
  deps: OpenDataDeps,
  uri: string,
  publisher: { name: string } | null,
  publishedDate: Date | null,
): PackageMeta {
  const { publicUrl } = deps.config;
  return {
    uri,
    publishedDate: publishedDate ?? deps.now(),
    publisher: { name: publisher?.name ?? `Vigía (${new URL(publicUrl).host})`, uri: publicUrl },
    license: deps.config.openData.license,
    publicUrl,
  };
}

/** Says no package: the standard allows none without a release (decision 0051). */
export const NO_RELEASES = 'Este monitor todavía no tiene contratos publicados como datos abiertos.';

/** The cursor as the API writes it (transaction.change). */
export const cursorText = (cursor: ReleaseCursor) => `${cursor.xid}.${cursor.change}`;
export function parseCursor(value: string): ReleaseCursor {
  const [xid, change] = value.split('.');
  return { xid: xid!, change: Number(change) };
}

export interface ReleasePageQuery {
  since: Date | null;
  cursor: ReleaseCursor | null;
  limit: number;
}

/**
 * A page of a monitor's releases and the cursor of the next page (null when this page is the
 * last one for now). Null when there is nothing to serve: no releases at all, or none after the
 * cursor yet.
 */
export async function releasesPage(
  deps: OpenDataDeps,
  organization: OrganizationRow,
  query: ReleasePageQuery,
): Promise<{ releases: Release[]; next: ReleaseCursor | null } | null> {
  const { db } = deps.database;
  let after = query.cursor;
  if (query.since) {
    const start = await firstReleaseSince(db, organization.id, query.since);
    if (!start) return null;
    if (!after || BigInt(start.xid) > BigInt(after.xid)) after = start;
  }
  const states = await releasePage(db, organization.id, { after, since: query.since, limit: query.limit });
  if (states.length === 0) return null;
  const firsts = await firstChanges(db, [...new Set(states.map((state) => state.contractId))]);
  const built = await buildStates(
    deps,
    states,
    new Map([[organization.id, organization]]),
    (state) => !((firsts.get(state.contractId) ?? Number.POSITIVE_INFINITY) < state.change),
  );
  const last = states.at(-1)!;
  return {
    releases: built.flatMap((state) => (state.release ? [state.release] : [])),
    next: states.length === query.limit ? { xid: last.changeXid, change: last.change } : null,
  };
}

/** An ocid of this portal: its monitor and contract, or null when it is not one. */
export function parseOcid(
  deps: Pick<AppDeps, 'config'>,
  ocid: string,
): { organizationId: string; contractId: string } | null {
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  const match = new RegExp(`^(ocds-[a-z0-9]{6})-(${uuid})-(${uuid})$`).exec(ocid.toLowerCase());
  if (!match || match[1] !== deps.config.openData.ocidPrefix) return null;
  return { organizationId: match[2]!, contractId: match[3]! };
}

/** A contracting process's releases, oldest first (a deleted contract's too); 404 when the ocid is none of ours. */
export async function processRecord(
  deps: OpenDataDeps,
  ocid: string,
): Promise<{ organization: OrganizationRow; releases: Release[] }> {
  const missing = () => notFound('No existe ningún proceso de contratación con ese ocid en este portal.');
  const ids = parseOcid(deps, ocid);
  if (!ids) throw missing();
  const organization = await deps.organizations.get(ids.organizationId);
  if (!organization) throw missing();
  const states = await processReleases(deps.database.db, ids.organizationId, ids.contractId);
  if (states.length === 0) throw missing();
  const built = await buildStates(
    deps,
    states,
    new Map([[organization.id, organization]]),
    (state) => state === states[0],
  );
  const releases = built.flatMap((state) => (state.release ? [state.release] : []));
  if (releases.length === 0) throw missing();
  return { organization, releases };
}

export { compiledRelease, recordPackage, releasePackage };

/** Who a bulk file is of: one monitor, or every live monitor. */
export type BulkScope = { kind: 'monitor'; organization: OrganizationRow } | { kind: 'installation' };

/** The monitors a scope covers, by id (their names go into the releases). */
export async function scopeMonitors(deps: OpenDataDeps, scope: BulkScope) {
  if (scope.kind === 'monitor') return new Map([[scope.organization.id, scope.organization]]);
  return new Map((await liveMonitors(deps.database.db)).map((monitor) => [monitor.id, monitor]));
}

/** Every live contract of the scope, a batch at a time, prepared (no-procedures rows too). */
export async function* livePrepared(
  deps: OpenDataDeps,
  scope: BulkScope,
  options: { history: boolean } = { history: false },
): AsyncGenerator<PreparedState[]> {
  const monitors = await scopeMonitors(deps, scope);
  const memo = new WalkMemo();
  // Monitor after monitor, each one's contracts together (the next batch is read meanwhile).
  for await (const batch of liveContracts(deps.database, [...monitors.keys()].sort(), BULK_BATCH)) {
    // Without the history, only compiled releases are made of them (tagged 'compiled', not first or update).
    const firsts = options.history
      ? await firstChanges(
          deps.database.db,
          batch.map((state) => state.contractId),
        )
      : new Map<string, number>();
    yield await prepareStates(
      deps,
      batch,
      monitors,
      (state) => !((firsts.get(state.contractId) ?? Number.POSITIVE_INFINITY) < state.change),
      memo,
    );
    await nextTurn();
  }
}

/** Every live contract of the scope, a batch at a time, built (no-procedures rows with a null release). */
export async function* liveStates(
  deps: OpenDataDeps,
  scope: BulkScope,
  options: { history: boolean } = { history: false },
): AsyncGenerator<BuiltState[]> {
  const settings = releaseSettings(deps);
  for await (const batch of livePrepared(deps, scope, options))
    yield batch.map((state) => buildPrepared(state, settings));
}

/** The earlier states of a batch's contracts, built, by contract id (a record's history). */
export async function earlierStates(
  deps: OpenDataDeps,
  batch: readonly BuiltState[],
): Promise<Map<string, Release[]>> {
  const stored = await earlierReleases(
    deps.database.db,
    batch.flatMap((state) => (state.release ? [state.stored.contractId] : [])),
  );
  const firsts = new Map<string, number>();
  for (const state of stored) if (!firsts.has(state.contractId)) firsts.set(state.contractId, state.change);
  // Their monitors are the batch's (named as its current states name them).
  const monitors = new Map(
    batch.map((state) => [
      state.contract.organizationId,
      { id: state.contract.organizationId, name: state.monitorName },
    ]),
  );
  const built = await buildStates(
    deps,
    stored,
    monitors,
    (state) => firsts.get(state.contractId) === state.change,
  );
  const byContract = new Map<string, Release[]>();
  for (const state of built)
    if (state.release)
      byContract.set(state.stored.contractId, [
        ...(byContract.get(state.stored.contractId) ?? []),
        state.release,
      ]);
  return byContract;
}

/**
 * How many live contracts the scope has, and how many of them are contracting processes (releases):
 * each monitor's counted once per data version (the result cache), the installation's the sum of its
 * monitors', so the open data page costs no count of a million contracts per visit.
 */
export async function scopeContracts(
  deps: OpenDataDeps,
  scope: BulkScope,
): Promise<{ contracts: number; processes: number }> {
  const monitors =
    scope.kind === 'monitor' ? [scope.organization] : [...(await scopeMonitors(deps, scope)).values()];
  const counts = await Promise.all(
    monitors.map((monitor) =>
      deps.cache.get({ name: `${monitor.id}|open-data-contracts`, version: monitor.dataVersion }, () =>
        contractCount(deps.database.db, monitor.id),
      ),
    ),
  );
  return counts.reduce(
    (total, count) => ({
      contracts: total.contracts + count.contracts,
      processes: total.processes + count.processes,
    }),
    { contracts: 0, processes: 0 },
  );
}

export type { BuiltState, PreparedState, Release } from './states';
