import { and, count, eq, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Permission } from '../../../shared/constants/enums';
import type { FieldError } from '../../../shared/errors';
import type { CatalogueListQuery } from '../../../shared/schemas/catalogues';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { type Page, pageOffset, toPage } from '../../lib/pagination';
import type { AppDeps, OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import { pageIds, type SortKey } from './catalogue-order';

/** Columns every catalogue table has. */
interface CatalogueColumns {
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
  deletedBy: PgColumn;
  organizationId?: PgColumn;
}
type CatalogueTable = PgTable & CatalogueColumns;

/**
 * One catalogue kept by hand: its table, who may touch it, how it is searched and sorted, its
 * fields (the shared zod schema the form uses too), how a row is shown, the messages, which
 * unique index means which conflict, and what may forbid a deletion.
 */
export interface CatalogueDefinition<Input extends z.ZodObject, Row, Doc> {
  /** Path under /api and the key in the access table. */
  path: string;
  permission: Permission;
  /** Rows belong to the current monitor, or to the installation (organizations). */
  scope: 'organization' | 'installation';
  table: CatalogueTable;
  input: Input;
  /** Rules between fields and derived values, applied after the fields (contracts). */
  rules?: (schema: z.ZodObject) => z.ZodType;
  doc: z.ZodType<Doc>;
  /**
   * How rows are read when showing them needs other tables (names of referenced rows): a select
   * with its joins, whose rows `present` receives. Default: the table alone.
   */
  select?(db: Database): SelectWithJoins;
  /**
   * The table is covered by the monitor's data version (contracts): its unfiltered count is kept
   * in the result cache until the data changes, instead of counting a million rows per page.
   */
  countByDataVersion?: boolean;
  /** Extra search condition computed first (contracts: ids of the suppliers whose name matches). */
  searchWith?(db: Database, scope: Scope, text: string): Promise<SQL>;
  /** The sorts the list accepts (each backed by an index), by the key the screen sends. */
  sortable: Record<string, SortKey>;
  search(text: string): SQL;
  /** The table's values of a checked entry (the generic save writes them). */
  values?(input: z.output<Input>): Record<string, unknown>;
  /**
   * The resource's own write service, when it has one (contracts: saveContracts): a save
   * (created or updated, with the document to answer) and the inline edit's save (all or none).
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
  present(row: Row): Doc;
  messages: { created: string; updated: string; deleted: string; notFound: string };
  /** Unique index name → the Spanish conflict message (409). */
  conflicts: Record<string, string>;
  /** A reason the row cannot be deleted, or null. */
  deleteGuard?(db: Database, scope: Scope, id: string): Promise<string | null>;
}

/** A select (with joins) that can still be filtered: its rows are what `present` receives. */
export interface SelectWithJoins {
  where(condition: SQL): PromiseLike<unknown[]>;
}

/** Whose rows: the current monitor, or the installation. */
export interface Scope {
  organizationId: string | null;
  userId: string;
  /** The monitor's row (its data version keys cached counts). */
  organization?: OrganizationRow;
}

/** Searches count their matches up to this many; beyond it the list says 'más de 1,000'. */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * A definition of any table: rows and documents are only passed from the table's reads to its own
 * `present` (methods, so each definition keeps its precise row and document types).
 */
export type AnyCatalogue = CatalogueDefinition<z.ZodObject, unknown, unknown>;

function scoped(definition: AnyCatalogue, scope: Scope, ...more: (SQL | undefined)[]): SQL {
  const { table } = definition;
  return and(
    isNull(table.deletedAt),
    definition.scope === 'organization' && table.organizationId
      ? eq(table.organizationId, scope.organizationId!)
      : undefined,
    ...more,
  )!;
}

/** The sort asked for, among the definition's named sorts; any other is refused (400). */
function sortKeyOf(definition: AnyCatalogue, query: CatalogueListQuery): SortKey {
  if (!query.sort) return definition.table.createdAt;
  const key = Object.hasOwn(definition.sortable, query.sort) ? definition.sortable[query.sort] : undefined;
  if (!key)
    throw badRequest('El orden solicitado no es válido.', [
      { path: 'querystring.sort', message: 'El orden solicitado no es válido.' },
    ]);
  return key;
}

/**
 * One page of a catalogue (10, 25, 50 or 100 rows), newest first unless a named sort is asked for;
 * the page's ids come first through the sort's index, then those rows with their joins.
 *
 * A search first reads the ids of its matches (at most 1,001, through the search indexes); up to
 * 1,000 the page is sorted among exactly those rows and the total is exact, beyond that the
 * matches are so dense that walking the sort index finds a page at once, and the total reads
 * 'more than 1,000' (a hundred pages: nobody reads further; a longer search narrows it). Without a search the count of a data-versioned catalogue is cached.
 */
export async function listCatalogue(
  deps: AppDeps,
  definition: AnyCatalogue,
  scope: Scope,
  query: CatalogueListQuery,
): Promise<Page<unknown> & { lastUpdate: string | null; totalIsLowerBound?: true }> {
  const { db } = deps.database;
  const { table } = definition;
  const sortKey = sortKeyOf(definition, query);
  const readLastUpdate = () =>
    db
      .select({ lastUpdate: max(table.updatedAt) })
      .from(table)
      .where(scoped(definition, scope))
      .then(([row]) => row?.lastUpdate as Date | string | null | undefined);

  let where = scoped(definition, scope);
  let total: number;
  let lowerBound = false;
  let few = false;
  if (query.search) {
    const extra = await definition.searchWith?.(db, scope, query.search);
    const matches = extra ? or(definition.search(query.search), extra)! : definition.search(query.search);
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(scoped(definition, scope, matches))
      .limit(SEARCH_COUNT_CAP + 1);
    if (found.length > SEARCH_COUNT_CAP) {
      total = SEARCH_COUNT_CAP;
      lowerBound = true;
      where = scoped(definition, scope, matches);
    } else {
      total = found.length;
      few = true;
      // The matches, named one by one (one array parameter): the page is sorted among them only.
      where = sql`${table.id} = ANY(${`{${found.map((row) => row.id).join(',')}}`}::uuid[])`;
    }
  } else {
    const countAll = () =>
      db
        .select({ total: count() })
        .from(table)
        .where(where)
        .then(([row]) => row?.total ?? 0);
    total =
      definition.countByDataVersion && scope.organization
        ? await deps.cache.get(
            resultKey(scope.organization, `catalogue:${definition.path}:count`, {}),
            countAll,
          )
        : await countAll();
  }
  const [rows, latest] = await Promise.all([
    pageIds(db, sortKey, {
      table,
      id: table.id,
      where,
      order: query.order,
      offset: pageOffset(query.page, query.limit),
      limit: query.limit,
      few,
      organizationId: scope.organizationId,
    }).then((ids) => readPage(db, definition, ids)),
    readLastUpdate(),
  ]);
  const page = toPage(rows, total, query.page, query.limit);
  return {
    ...page,
    lastUpdate: latest ? new Date(latest).toISOString() : null,
    ...(lowerBound ? { totalIsLowerBound: true as const } : {}),
  };
}

/** The documents of a page's ids (read with the definition's joins), in the ids' order. */
async function readPage(db: Database, definition: AnyCatalogue, ids: string[]): Promise<unknown[]> {
  if (ids.length === 0) return [];
  const { table } = definition;
  const read = definition.select ? definition.select(db) : db.select().from(table);
  const rows = (await read.where(sql`${table.id} = ANY(${`{${ids.join(',')}}`}::uuid[])`)) as unknown[];
  const docs = rows.map((row) => definition.present(row) as { _id: string });
  const position = new Map(ids.map((id, index) => [id, index]));
  return docs.sort((a, b) => position.get(a._id)! - position.get(b._id)!);
}

/** A written row as `present` expects it (re-read with the definition's joins, if any). */
async function presented(db: Database, definition: AnyCatalogue, row: { id: string }): Promise<unknown> {
  if (!definition.select) return definition.present(row);
  const [joined] = (await definition.select(db).where(eq(definition.table.id, row.id))) as unknown[];
  return definition.present(joined);
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

/** The table's values of an entry, by the definition's `values`. */
function valuesOf(definition: AnyCatalogue, input: Record<string, unknown>): Record<string, unknown> {
  if (!definition.values) throw new Error(`Catalogue ${definition.path} has neither values nor save`);
  return definition.values(input);
}

async function updateOne(
  db: Database,
  definition: AnyCatalogue,
  scope: Scope,
  id: string,
  values: Record<string, unknown>,
  now: Date,
): Promise<unknown> {
  const { table } = definition;
  const [row] = await db
    .update(table)
    .set({ ...values, updatedAt: now })
    .where(scoped(definition, scope, eq(table.id, id)))
    .returning();
  if (!row) throw notFound(definition.messages.notFound);
  return row;
}

/** Creates (no `_id`) or updates an entry of the current scope; conflicts answer 409. */
export async function saveCatalogueEntry(
  deps: AppDeps,
  definition: AnyCatalogue,
  scope: Scope,
  body: Record<string, unknown> & { _id?: string },
): Promise<{ doc: unknown; created: boolean }> {
  if (definition.save) return definition.save(deps, scope, body);
  const { db } = deps.database;
  const { _id, ...input } = body;
  const values = valuesOf(definition, input);
  try {
    if (_id) {
      const row = (await updateOne(db, definition, scope, _id, values, deps.now())) as { id: string };
      return { doc: await presented(db, definition, row), created: false };
    }
    const [row] = await db
      .insert(definition.table)
      .values({
        ...values,
        ...(definition.scope === 'organization' ? { organizationId: scope.organizationId } : {}),
        createdBy: scope.userId,
      })
      .returning();
    return { doc: await presented(db, definition, row as { id: string }), created: true };
  } catch (error) {
    throw conflictOf(definition, error) ?? error;
  }
}

/** Soft-deletes an entry, unless its guard says why it must stay. */
export async function deleteCatalogueEntry(
  deps: AppDeps,
  definition: AnyCatalogue,
  scope: Scope,
  id: string,
): Promise<void> {
  const { table } = definition;
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(scoped(definition, scope, eq(table.id, id)));
    if (!row) throw notFound(definition.messages.notFound);
    const refusal = await definition.deleteGuard?.(tx, scope, id);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await tx.update(table).set({ deletedAt: deps.now(), deletedBy: scope.userId }).where(eq(table.id, id));
  });
}

/**
 * Saves the rows changed in the inline edit mode in one transaction: all or none. The first
 * failing row is reported with its position, and nothing is kept.
 */
export async function saveCatalogueEntries(
  deps: AppDeps,
  definition: AnyCatalogue,
  scope: Scope,
  docs: (Record<string, unknown> & { _id: string })[],
): Promise<number> {
  if (definition.saveMany) return definition.saveMany(deps, scope, docs);
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    for (const [index, doc] of docs.entries()) {
      const { _id, ...input } = doc;
      try {
        const values = valuesOf(definition, input);
        await updateOne(tx, definition, scope, _id, values, now);
      } catch (error) {
        const known = error instanceof AppError ? error : conflictOf(definition, error);
        if (!known) throw error;
        const rowError: FieldError = {
          path: `docs.${index}`,
          message: `Registro ${index + 1}: ${known.message}`,
        };
        throw new AppError(known.code, `No fue posible guardar los registros. ${rowError.message}`, {
          errors: [rowError],
        });
      }
    }
  });
  return docs.length;
}
