import { and, count, eq, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { sqlArray } from '../../db/sql';
import { pageIds, type SortKey } from './catalogue-order.repository';

/**
 * The catalogues' SQL: the one place that reads and writes a catalogue's table. The engine
 * (catalogue.ts) sees a table only as the `CatalogueStore` its definition names, built here from
 * the table, its joins, its search and its named sorts.
 */

/** Columns every catalogue table has. */
interface CatalogueColumns {
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
  deletedBy: PgColumn;
  organizationId?: PgColumn;
}
export type CatalogueTable = PgTable & CatalogueColumns;

/** A select (with joins) that can still be filtered: its rows are what the definition presents. */
export interface SelectWithJoins<Row> {
  where(condition: SQL): PromiseLike<Row[]>;
}

/** A table's search, sorts and (optionally) joins: what `catalogueStore` is built from. */
export interface StoreSpec<T extends CatalogueTable, Row> {
  table: T;
  /** How rows are read when showing them needs other tables (names of referenced rows). */
  select?(db: Database): SelectWithJoins<Row>;
  /** The sorts the list accepts (each backed by an index), by the key the screen sends. */
  sortable: Record<string, SortKey>;
  search(text: string): SQL;
  /** Extra search condition computed first (contracts: ids of the suppliers whose name matches). */
  searchWith?(db: Database, organizationId: string, text: string): Promise<SQL>;
}

/** The page asked for; `sort` is one of the store's `sorts` (the engine checked it) or the newest first. */
export interface PageQuery {
  search?: string;
  sort?: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The ids of one page, the total and whether it is only a lower bound (a dense search). */
export interface PageOfIds {
  ids: string[];
  total: number;
  lowerBound: boolean;
}

/**
 * A catalogue's table as the engine uses it. `organizationId` null means the rows belong to the
 * installation (organizations, users); rows are never read or changed across monitors.
 */
export interface CatalogueStore<Row> {
  /** The names of the named sorts. */
  readonly sorts: readonly string[];
  /**
   * The ids of one page and the total. `countAll` counts the unsearched rows through the given
   * query (the engine may answer it from the result cache instead).
   */
  page(
    db: Database,
    organizationId: string | null,
    query: PageQuery,
    countAll: (countRows: () => Promise<number>) => Promise<number>,
  ): Promise<PageOfIds>;
  /** The rows of these ids (with the joins), in no particular order. */
  read(db: Database, ids: string[]): Promise<Row[]>;
  /** When a row of the scope last changed. */
  lastUpdate(db: Database, organizationId: string | null): Promise<Date | null>;
  /** The row exists in the scope and is not deleted. */
  has(db: Database, organizationId: string | null, id: string): Promise<boolean>;
  insert(
    db: Database,
    organizationId: string | null,
    userId: string,
    values: Record<string, unknown>,
  ): Promise<Row>;
  /** Undefined when no such row is in the scope. */
  update(
    db: Database,
    organizationId: string | null,
    id: string,
    values: Record<string, unknown>,
    now: Date,
  ): Promise<Row | undefined>;
  softDelete(db: Database, id: string, userId: string, now: Date): Promise<void>;
}

/** Searches count their matches up to this many; beyond it the list says 'más de 1,000'. */
export const SEARCH_COUNT_CAP = 1_000;

/** The catalogue's table; a select with joins gives rows of its own shape. */
export function catalogueStore<T extends CatalogueTable>(
  spec: StoreSpec<T, T['$inferSelect']> & { select?: undefined },
): CatalogueStore<T['$inferSelect']>;
export function catalogueStore<T extends CatalogueTable, Row>(
  spec: StoreSpec<T, Row> & { select(db: Database): SelectWithJoins<Row> },
): CatalogueStore<Row>;
export function catalogueStore<T extends CatalogueTable, Row>(spec: StoreSpec<T, Row>): CatalogueStore<Row> {
  // Read and written through the columns every catalogue table has.
  const table: CatalogueTable = spec.table;
  const scoped = (organizationId: string | null, ...more: (SQL | undefined)[]): SQL =>
    and(
      isNull(table.deletedAt),
      organizationId !== null && table.organizationId ? eq(table.organizationId, organizationId) : undefined,
      ...more,
    )!;
  const selectRows = (db: Database): SelectWithJoins<Row> =>
    spec.select ? spec.select(db) : (db.select().from(table) as unknown as SelectWithJoins<Row>);
  const reread = async (db: Database, row: { id: string }): Promise<Row> => {
    if (!spec.select) return row as Row;
    const [joined] = await spec.select(db).where(eq(table.id, row.id));
    return joined!;
  };

  return {
    sorts: Object.keys(spec.sortable),

    /**
     * A search first reads the ids of its matches (at most 1,001, through the search indexes); up
     * to 1,000 the page is sorted among exactly those rows and the total is exact, beyond that the
     * matches are so dense that walking the sort index finds a page at once, and the total reads
     * 'more than 1,000'. Without a search the count comes from `countAll`.
     */
    async page(db, organizationId, query, countAll) {
      const sortKey = query.sort ? spec.sortable[query.sort]! : table.createdAt;
      let where = scoped(organizationId);
      let total: number;
      let lowerBound = false;
      let few = false;
      if (query.search) {
        const extra =
          organizationId !== null ? await spec.searchWith?.(db, organizationId, query.search) : undefined;
        const matches = extra ? or(spec.search(query.search), extra)! : spec.search(query.search);
        const found = await db
          .select({ id: table.id })
          .from(table)
          .where(scoped(organizationId, matches))
          .limit(SEARCH_COUNT_CAP + 1);
        if (found.length > SEARCH_COUNT_CAP) {
          total = SEARCH_COUNT_CAP;
          lowerBound = true;
          where = scoped(organizationId, matches);
        } else {
          total = found.length;
          few = true;
          // The matches, named one by one (one array parameter): the page is sorted among them only.
          where = sql`${table.id} = ANY(${sqlArray(
            found.map((row) => row.id as string),
            'uuid',
          )})`;
        }
      } else {
        const condition = where;
        total = await countAll(() =>
          db
            .select({ total: count() })
            .from(table)
            .where(condition)
            .then(([row]) => row?.total ?? 0),
        );
      }
      const ids = await pageIds(db, sortKey, {
        table,
        id: table.id,
        where,
        order: query.order,
        offset: query.offset,
        limit: query.limit,
        few,
        organizationId,
      });
      return { ids, total, lowerBound };
    },

    async read(db, ids) {
      if (ids.length === 0) return [];
      return selectRows(db).where(sql`${table.id} = ANY(${sqlArray(ids, 'uuid')})`);
    },

    async lastUpdate(db, organizationId) {
      const [row] = await db
        .select({ lastUpdate: max(table.updatedAt) })
        .from(table)
        .where(scoped(organizationId));
      const value = row?.lastUpdate as Date | string | null | undefined;
      return value ? new Date(value) : null;
    },

    async has(db, organizationId, id) {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(scoped(organizationId, eq(table.id, id)));
      return row !== undefined;
    },

    async insert(db, organizationId, userId, values) {
      const [row] = await db
        .insert(table)
        .values({ ...values, ...(organizationId !== null ? { organizationId } : {}), createdBy: userId })
        .returning();
      return reread(db, row as { id: string });
    },

    async update(db, organizationId, id, values, now) {
      const [row] = await db
        .update(table)
        .set({ ...values, updatedAt: now })
        .where(scoped(organizationId, eq(table.id, id)))
        .returning();
      return row ? reread(db, row as { id: string }) : undefined;
    },

    async softDelete(db, id, userId, now) {
      await db.update(table).set({ deletedAt: now, deletedBy: userId }).where(eq(table.id, id));
    },
  };
}
