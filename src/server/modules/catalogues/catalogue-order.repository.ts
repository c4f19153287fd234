import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client';

/**
 * A sort by the name of a referenced row (contracts by their supplier's name): the rows are read
 * in the order of the referenced table's (organization, name, id) index, each one's rows through
 * a (organization, reference, id) index, until the page is full. Joining every row first and
 * sorting them took seconds at a million contracts (decision 0021).
 */
export interface JoinedSort {
  /** The referencing column of the catalogue's table (contracts.supplier_id). */
  through: PgColumn;
  /** The referenced table and its id, name and organization columns. */
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  organizationId: PgColumn;
}

/** A named sort: a column of the table (with a supporting index) or a referenced row's name. */
export type SortKey = PgColumn | JoinedSort;

export const isJoined = (key: SortKey): key is JoinedSort => 'through' in key;

/** What a page is cut from: the table, its id, the rows' condition and the order asked for. */
export interface PageRequest {
  table: PgTable;
  id: PgColumn;
  where: SQL;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** The condition names a few rows one by one (a narrow search): sorting them outright is cheapest. */
  few: boolean;
  /** The monitor whose referenced rows are walked (joined sorts). */
  organizationId: string | null;
}

const ids = (rows: { id: unknown }[]) => rows.map((row) => row.id as string);

/**
 * The order of a column: empty values count as the smallest (first ascending, last descending),
 * matching the (organization, column DESC NULLS LAST, id DESC NULLS LAST) indexes read either way;
 * columns that cannot be empty use the default order of their (organization, column, id) index.
 */
function columnOrder(column: PgColumn, id: PgColumn, order: 'asc' | 'desc'): SQL[] {
  if (column.notNull) return order === 'asc' ? [asc(column), asc(id)] : [desc(column), desc(id)];
  return order === 'asc'
    ? [sql`${column} ASC NULLS FIRST`, sql`${id} ASC NULLS FIRST`]
    : [sql`${column} DESC NULLS LAST`, sql`${id} DESC NULLS LAST`];
}

/** The ids of one page, in order; the caller reads those rows with whatever joins it shows. */
export async function pageIds(db: Database, key: SortKey, request: PageRequest): Promise<string[]> {
  const { table, id, where, order, offset, limit } = request;
  if (!isJoined(key)) {
    return ids(
      await db
        .select({ id })
        .from(table)
        .where(where)
        .orderBy(...columnOrder(key, id, order))
        .limit(limit)
        .offset(offset),
    );
  }
  if (request.few) {
    // A thousand rows at most: join and sort them (same order as the walk below).
    const dir = order === 'asc' ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
    return ids(
      await db
        .select({ id })
        .from(table)
        .leftJoin(key.table, eq(key.id, key.through))
        .where(where)
        .orderBy(sql`${key.name} ${dir}`, sql`${key.id} ${dir}`, order === 'asc' ? asc(id) : desc(id))
        .limit(limit)
        .offset(offset),
    );
  }
  return joinedPage(db, key, request);
}

/** Rows without a reference (no supplier) come first ascending and last descending. */
async function joinedPage(db: Database, key: JoinedSort, request: PageRequest): Promise<string[]> {
  const { table, id, where, order, offset, limit } = request;
  const unreferenced = (skip: number, take: number) =>
    db
      .select({ id })
      .from(table)
      .where(sql`${where} AND ${key.through} IS NULL`)
      .orderBy(order === 'asc' ? asc(id) : desc(id))
      .limit(take)
      .offset(skip)
      .then(ids);
  const countUnreferenced = async (condition: SQL) =>
    Number(
      (await db.select({ total: sql<number>`count(*)` }).from(table).where(sql`${where} AND ${condition}`))[0]
        ?.total ?? 0,
    );
  if (key.through.notNull) return walk(db, key, request, offset, limit);
  if (order === 'asc') {
    const empty = await countUnreferenced(sql`${key.through} IS NULL`);
    if (offset >= empty) return walk(db, key, request, offset - empty, limit);
    const first = await unreferenced(offset, limit);
    return first.length < limit
      ? [...first, ...(await walk(db, key, request, 0, limit - first.length))]
      : first;
  }
  const walked = await walk(db, key, request, offset, limit);
  if (walked.length === limit) return walked;
  // The walk ended within or before this page: the rows without a reference follow it.
  const referenced =
    walked.length > 0 ? offset + walked.length : await countUnreferenced(sql`${key.through} IS NOT NULL`);
  return [...walked, ...(await unreferenced(Math.max(0, offset - referenced), limit - walked.length))];
}

/**
 * The referenced rows in name order (deleted ones too: a contract may still name them), each
 * one's rows by id through a lateral read bounded by the page's end, stopping once it is full.
 */
async function walk(
  db: Database,
  key: JoinedSort,
  request: PageRequest,
  offset: number,
  limit: number,
): Promise<string[]> {
  const { table, id, where, order } = request;
  const dir = order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT page.id FROM (
      SELECT ${key.id} AS ref_id, ${key.name} AS ref_name FROM ${key.table}
      WHERE ${key.organizationId} = ${request.organizationId}
      ORDER BY ${key.name} ${dir}, ${key.id} ${dir}
    ) AS refs
    CROSS JOIN LATERAL (
      SELECT ${id} AS id FROM ${table}
      WHERE ${where} AND ${key.through} = refs.ref_id
      ORDER BY ${id} ${dir}
      LIMIT ${offset + limit}
    ) AS page
    ORDER BY refs.ref_name ${dir}, refs.ref_id ${dir}, page.id ${dir}
    LIMIT ${limit} OFFSET ${offset}`,
  );
  return ids(rows);
}
