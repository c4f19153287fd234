import type { z } from 'zod';
import type { Permission } from '../../../shared/constants/enums';
import type { FieldError } from '../../../shared/errors';
import type { CatalogueListQuery } from '../../../shared/schemas/catalogues';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { type Page, pageOffset, toPage } from '../../lib/pagination';
import type { AppDeps, OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import type { CatalogueStore } from './catalogue.repository';

export { SEARCH_COUNT_CAP } from './catalogue.repository';

/** Whose rows and who acts: the current monitor (null for the installation's rows) and the actor. */
export interface Scope {
  organization: OrganizationRow | null;
  actor: Actor;
}

/** A row a resource's write hook wrote, and what to do once its transaction has committed. */
export interface Written<Row> {
  row: Row;
  /** Side effects that must not happen for a rolled-back write (users: the invitation e-mail). */
  afterCommit?: () => Promise<void>;
}

/**
 * One catalogue kept by hand: its table (a store built by a repository), who may touch it, its
 * fields (the shared zod schema the form uses too), how a row is shown, the messages, which unique
 * index means which conflict, what may forbid a deletion, and the resource's own write rules.
 */
export interface CatalogueDefinition<Input extends z.ZodObject, Row, Doc> {
  /** Path under /api and the key in the access table. */
  path: string;
  permission: Permission;
  /** Rows belong to the current monitor, or to the installation (organizations, users). */
  scope: 'organization' | 'installation';
  store: CatalogueStore<Row>;
  input: Input;
  /** Rules between fields and derived values, applied after the fields (contracts). */
  rules?: (schema: z.ZodObject) => z.ZodType;
  doc: z.ZodType<Doc>;
  /**
   * The table is covered by the monitor's data version (contracts): its unfiltered count is kept
   * in the result cache until the data changes, instead of counting a million rows per page.
   */
  countByDataVersion?: boolean;
  /** The table's values of a checked entry (the generic save writes them). */
  values?(input: z.output<Input>): Record<string, unknown>;
  present(row: Row): Doc;
  messages: { created: string; updated: string; deleted: string; notFound: string };
  /** Unique index name → the Spanish conflict message (409). */
  conflicts: Record<string, string>;
  /** A reason the row cannot be deleted, or null. */
  deleteGuard?(db: Database, scope: Scope, id: string): Promise<string | null>;
  /**
   * The resource's own write service, when it has one (contracts: saveContracts): a save
   * (created or updated, with the document to answer) and the inline edit's save (all or none).
   * They replace the engine's writes and transactions.
   */
  save?(
    deps: AppDeps,
    scope: Scope,
    body: Record<string, unknown> & { _id?: string },
  ): Promise<{ doc: Doc; created: boolean }>;
  saveMany?(
    deps: AppDeps,
    scope: Scope,
    docs: (Record<string, unknown> & { _id: string })[],
  ): Promise<number>;
  /** Runs first in each write's transaction (users: one change at a time). */
  lock?(tx: Database): Promise<void>;
  /**
   * The resource's rules around one row's write, inside the engine's transaction (users: who may
   * grant what, a GENERAL administrator always remains, sessions ended): in place of the
   * generic insert, update and soft delete. A missing row is the hook's 404.
   */
  create?(deps: AppDeps, tx: Database, scope: Scope, input: z.output<Input>): Promise<Written<Row>>;
  update?(
    deps: AppDeps,
    tx: Database,
    scope: Scope,
    id: string,
    input: z.output<Input>,
  ): Promise<Written<Row>>;
  remove?(deps: AppDeps, tx: Database, scope: Scope, id: string): Promise<void>;
  /**
   * What else the generic update of a row changes, given the row before and after it, inside its
   * transaction (suppliers: a new name or RFC queues the monitor's red-flag recomputation).
   */
  updated?(deps: AppDeps, tx: Database, scope: Scope, before: Row, after: Row): Promise<void>;
}

/**
 * A definition of any table: rows and documents are only passed from the table's store to its own
 * `present` (methods, so each definition keeps its precise row and document types).
 */
export type AnyCatalogue = CatalogueDefinition<z.ZodObject, unknown, unknown>;

/** A definition as the engine's functions take it: any fields, its own row and document types. */
type Definition<Row, Doc> = CatalogueDefinition<z.ZodObject, Row, Doc>;

/** The monitor whose rows these are, or null for the installation's rows. */
function ownerOf(definition: AnyCatalogue, scope: Scope): string | null {
  if (definition.scope === 'installation') return null;
  if (!scope.organization) throw new AppError('ORGANIZATION_REQUIRED');
  return scope.organization.id;
}

/** Why a row that contracts still name cannot be deleted. */
export const contractsInUse = (what: string, total: number) =>
  `No es posible eliminar ${what}: ${total.toLocaleString('es-MX')} ${total === 1 ? 'contrato lo usa' : 'contratos lo usan'}. Reasigna o elimina esos contratos primero.`;

/** The sort asked for, among the definition's named sorts; any other is refused (400). */
function sortOf(definition: AnyCatalogue, query: CatalogueListQuery): string | undefined {
  if (!query.sort || definition.store.sorts.includes(query.sort)) return query.sort;
  throw badRequest('El orden solicitado no es válido.', [
    { path: 'querystring.sort', message: 'El orden solicitado no es válido.' },
  ]);
}

/**
 * One page of a catalogue (10, 25, 50 or 100 rows), newest first unless a named sort is asked for;
 * the page's ids come first through the sort's index, then those rows with their joins. A search
 * counts up to 1,000 matches (a longer search narrows it); without one, the count of a
 * data-versioned catalogue is cached.
 */
export async function listCatalogue<Row, Doc>(
  deps: AppDeps,
  definition: Definition<Row, Doc>,
  scope: Scope,
  query: CatalogueListQuery,
): Promise<Page<Doc> & { lastUpdate: string | null; totalIsLowerBound?: true }> {
  const { db } = deps.database;
  const { store } = definition;
  const owner = ownerOf(definition, scope);
  const { organization } = scope;
  const countAll = (countRows: () => Promise<number>) =>
    definition.countByDataVersion && organization
      ? // The administration sees what was just saved, never the previous count (decision 0030).
        deps.cache.fresh(() =>
          deps.cache.get(resultKey(organization, `catalogue:${definition.path}:count`, {}), countRows),
        )
      : countRows();
  const pageQuery = {
    search: query.search,
    sort: sortOf(definition, query),
    order: query.order,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  };
  const [{ ids, total, lowerBound }, latest] = await Promise.all([
    store.page(db, owner, pageQuery, countAll),
    store.lastUpdate(db, owner),
  ]);
  const rows = await store.read(db, ids);
  const position = new Map(ids.map((id, index) => [id, index]));
  const idOf = (doc: Doc) => (doc as { _id: string })._id;
  const docs = rows
    .map((row) => definition.present(row))
    .sort((a, b) => position.get(idOf(a))! - position.get(idOf(b))!);
  return {
    ...toPage(docs, total, query.page, query.limit),
    lastUpdate: latest ? latest.toISOString() : null,
    ...(lowerBound ? { totalIsLowerBound: true as const } : {}),
  };
}

/** The unique index a failed write ran into, mapped to the catalogue's Spanish message. */
function conflictOf(definition: AnyCatalogue, error: unknown): AppError | null {
  const cause = ((error as { cause?: unknown }).cause ?? error) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (cause.code !== '23505') return null;
  const byName = cause.constraint ? definition.conflicts[cause.constraint] : undefined;
  const byMessage = Object.entries(definition.conflicts).find(([name]) => cause.message?.includes(name))?.[1];
  return new AppError(
    'CONFLICT',
    byName ?? byMessage ?? 'El registro entra en conflicto con otro existente.',
  );
}

/**
 * The inline save's failure of row `index` (0-based): named by its position, with the same code;
 * nothing of the batch is kept. Resources with their own `saveMany` answer the same way.
 */
export function rowFailure(index: number, error: AppError): AppError {
  const rowError: FieldError = { path: `docs.${index}`, message: `Registro ${index + 1}: ${error.message}` };
  return new AppError(error.code, `No fue posible guardar los registros. ${rowError.message}`, {
    errors: [rowError],
  });
}

/** The table's values of an entry, by the definition's `values`. */
function valuesOf(definition: AnyCatalogue, input: Record<string, unknown>): Record<string, unknown> {
  if (!definition.values) throw new Error(`Catalogue ${definition.path} has neither values nor save`);
  return definition.values(input);
}

/** Runs a write in one transaction (after the definition's lock), then the committed writes' effects. */
async function write<T>(
  deps: AppDeps,
  definition: Pick<AnyCatalogue, 'lock'>,
  fn: (tx: Database, afterCommit: (effect?: () => Promise<void>) => void) => Promise<T>,
): Promise<T> {
  const effects: (() => Promise<void>)[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    await definition.lock?.(tx);
    return fn(tx, (effect) => {
      if (effect) effects.push(effect);
    });
  });
  for (const effect of effects) await effect();
  return result;
}

/** Updates one entry of the scope: the resource's hook, or the generic update of its values. */
async function updateEntry<Row, Doc>(
  deps: AppDeps,
  tx: Database,
  definition: Definition<Row, Doc>,
  scope: Scope,
  id: string,
  input: Record<string, unknown>,
  now: Date,
): Promise<Written<Row>> {
  if (definition.update) return definition.update(deps, tx, scope, id, input);
  const [before] = definition.updated ? await definition.store.read(tx, [id]) : [];
  const row = await definition.store.update(
    tx,
    ownerOf(definition, scope),
    id,
    valuesOf(definition, input),
    now,
  );
  if (row === undefined) throw notFound(definition.messages.notFound);
  // Only a row of the scope was updated, so the row read before it is that row.
  if (definition.updated && before !== undefined) await definition.updated(deps, tx, scope, before, row);
  return { row };
}

/** Creates (no `_id`) or updates an entry of the current scope; conflicts answer 409. */
export async function saveCatalogueEntry<Row, Doc>(
  deps: AppDeps,
  definition: Definition<Row, Doc>,
  scope: Scope,
  body: Record<string, unknown> & { _id?: string },
): Promise<{ doc: Doc; created: boolean }> {
  if (definition.save) return definition.save(deps, scope, body);
  const { _id, ...input } = body;
  try {
    const row = await write(deps, definition, async (tx, afterCommit) => {
      const written: Written<Row> = _id
        ? await updateEntry(deps, tx, definition, scope, _id, input, deps.now())
        : definition.create
          ? await definition.create(deps, tx, scope, input)
          : {
              row: await definition.store.insert(
                tx,
                ownerOf(definition, scope),
                scope.actor.userId,
                valuesOf(definition, input),
              ),
            };
      afterCommit(written.afterCommit);
      return written.row;
    });
    return { doc: definition.present(row), created: !_id };
  } catch (error) {
    throw conflictOf(definition, error) ?? error;
  }
}

/** Soft-deletes an entry (or the resource's own removal), unless its guard says why it must stay. */
export async function deleteCatalogueEntry<Row, Doc>(
  deps: AppDeps,
  definition: Definition<Row, Doc>,
  scope: Scope,
  id: string,
): Promise<void> {
  const owner = ownerOf(definition, scope);
  await write(deps, definition, async (tx) => {
    if (!(await definition.store.has(tx, owner, id))) throw notFound(definition.messages.notFound);
    const refusal = await definition.deleteGuard?.(tx, scope, id);
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (definition.remove) await definition.remove(deps, tx, scope, id);
    else await definition.store.softDelete(tx, id, scope.actor.userId, deps.now());
  });
}

/**
 * Saves the rows changed in the inline edit mode in one transaction: all or none. The first
 * failing row is reported with its position, nothing is kept, and the rows' after-commit effects
 * run only once the whole batch is saved.
 */
export async function saveCatalogueEntries<Row, Doc>(
  deps: AppDeps,
  definition: Definition<Row, Doc>,
  scope: Scope,
  docs: (Record<string, unknown> & { _id: string })[],
): Promise<number> {
  if (definition.saveMany) return definition.saveMany(deps, scope, docs);
  const now = deps.now();
  await write(deps, definition, async (tx, afterCommit) => {
    for (const [index, doc] of docs.entries()) {
      const { _id, ...input } = doc;
      try {
        afterCommit((await updateEntry(deps, tx, definition, scope, _id, input, now)).afterCommit);
      } catch (error) {
        const known = error instanceof AppError ? error : conflictOf(definition, error);
        if (!known) throw error;
        throw rowFailure(index, known);
      }
    }
  });
  return docs.length;
}
