import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { jsonRecordset } from '../../db/sql';

/** The two installation-wide lists' tables (decision 0052): each replaced whole, with what was loaded. */

export type ListKind = 'SAT_69B' | 'SANCTIONS';

export interface ListLoad {
  kind: ListKind;
  cutOff: string | null;
  source: 'UPLOAD' | 'URL';
  sha256: string;
  rows: number;
  loadedBy: string | null;
}

export interface SatRow {
  rfc: string;
  name: string;
  situation: string;
  presumption_dof: string | null;
  presumption_sat: string | null;
  definitive_dof: string | null;
  definitive_sat: string | null;
  stages: Record<string, unknown>;
}

export interface DebarmentRow {
  rfc: string;
  name: string;
  authority: string | null;
  laws: string | null;
  file: string | null;
  debarment_from: string;
  debarment_to: string;
}

/** Rows per statement: a list is at most tens of thousands of rows. */
const CHUNK = 5_000;

async function recordLoad(tx: Database, load: ListLoad): Promise<void> {
  await tx.execute(
    sql`INSERT INTO supplier_lists (kind, cut_off, loaded_at, source, sha256, rows, loaded_by)
        VALUES (${load.kind}, ${load.cutOff}::date, now(), ${load.source}, ${load.sha256}, ${load.rows}, ${load.loadedBy}::uuid)
        ON CONFLICT (kind) DO UPDATE SET cut_off = EXCLUDED.cut_off, loaded_at = EXCLUDED.loaded_at,
          source = EXCLUDED.source, sha256 = EXCLUDED.sha256, rows = EXCLUDED.rows, loaded_by = EXCLUDED.loaded_by`,
  );
}

/** Replaces the SAT list whole (in the caller's transaction). */
export async function replaceSatList(tx: Database, load: ListLoad, rows: readonly SatRow[]): Promise<void> {
  await tx.execute(sql`DELETE FROM sat_69b_entries`);
  for (let at = 0; at < rows.length; at += CHUNK)
    await tx.execute(
      sql`INSERT INTO sat_69b_entries (rfc, name, situation, presumption_dof, presumption_sat, definitive_dof, definitive_sat, stages)
          SELECT rfc, name, situation, presumption_dof, presumption_sat, definitive_dof, definitive_sat, stages
            FROM ${jsonRecordset(
              JSON.stringify(rows.slice(at, at + CHUNK)),
              'rfc text, name text, situation text, presumption_dof date, presumption_sat date, definitive_dof date, definitive_sat date, stages jsonb',
            )}`,
    );
  await recordLoad(tx, load);
}

/** Replaces the sanctioned suppliers' debarments whole (in the caller's transaction). */
export async function replaceSanctions(
  tx: Database,
  load: ListLoad,
  rows: readonly DebarmentRow[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM sanctioned_suppliers`);
  for (let at = 0; at < rows.length; at += CHUNK)
    await tx.execute(
      sql`INSERT INTO sanctioned_suppliers (rfc, name, authority, laws, file, debarment_from, debarment_to)
          SELECT rfc, name, authority, laws, file, debarment_from, debarment_to
            FROM ${jsonRecordset(
              JSON.stringify(rows.slice(at, at + CHUNK)),
              'rfc text, name text, authority text, laws text, file text, debarment_from date, debarment_to date',
            )}`,
    );
  await recordLoad(tx, load);
}

/** The live monitors (each one's flags are recomputed when a list changes). */
export async function liveMonitorIds(db: Database): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM organizations WHERE deleted_at IS NULL`,
  );
  return rows.map((row) => row.id);
}

/** Live monitors with contracts whose flags were never computed (a seeded or bulk-loaded monitor). */
export async function monitorsNeverFlagged(db: Database): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT o.id FROM organizations o
         WHERE o.deleted_at IS NULL
           AND EXISTS (SELECT 1 FROM contracts c WHERE c.organization_id = o.id AND c.deleted_at IS NULL)
           AND NOT EXISTS (SELECT 1 FROM contract_flags f WHERE f.organization_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM red_flag_settings s WHERE s.organization_id = o.id)`,
  );
  return rows.map((row) => row.id);
}

/** The fingerprint of the list last loaded, or null. */
export async function loadedSha256(db: Database, kind: ListKind): Promise<string | null> {
  const [row] = await queryRows<{ sha256: string }>(
    db,
    sql`SELECT sha256 FROM supplier_lists WHERE kind = ${kind}`,
  );
  return row?.sha256 ?? null;
}
