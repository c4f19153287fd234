import { type SQL, sql } from 'drizzle-orm';
import {
  ANY_RED_FLAG,
  RED_FLAG_CODES,
  type RedFlagCode,
  type RedFlagParameters,
} from '../../../shared/red-flags/definitions';
import { type Database, queryRows } from '../../db/client';
import { sqlArray } from '../../db/sql';
import type { Holiday } from './calendar';

/**
 * The red flags' rules as SQL (decision 0052): one statement per flag inserts the flags it raises,
 * with their evidence, for the contracts of a scope (some contracts of a monitor, in the write's
 * transaction, or the whole monitor, by the refresh job). The same statement serves both, so a flag
 * is decided in one place. Only live contracts that are contracting processes (not the rows that
 * state no procedures were held) are flagged.
 */

/** Which contracts a computation covers: the whole monitor, or these contracts of it. */
export type FlagScope = { organizationId: string; contractIds: readonly string[] | null };

/** What the flags' statements are given besides the scope. */
export interface FlagInputs {
  parameters: RedFlagParameters;
  methodVersion: number;
  /** Every holiday of the years the monitor's contracts are dated in. */
  holidays: readonly Holiday[];
}

/** The flags a write can decide from its own contracts (and the lists): the others need the monitor's other contracts. */
export const ROW_FLAGS: readonly RedFlagCode[] = [
  'SINGLE_BIDDER',
  'FEW_INVITED_BIDDERS',
  'OVER_DIRECT_AWARD_LIMIT',
  'NON_WORKING_DAY',
  'LATE_PUBLICATION',
  'NO_CONTRACT_DOCUMENT',
  'NO_CALL_DOCUMENT',
  'INVALID_RFC',
  'SAT_69B',
  'SANCTIONED_SUPPLIER',
  'AMENDED',
];

/**
 * The flags a write leaves to the refresh after it: they need the monitor's other contracts (a
 * chain, a share, a fence, an RFC's other names) or what the backups found (a gone document).
 */
export const GROUP_FLAGS: readonly RedFlagCode[] = RED_FLAG_CODES.filter((code) => !ROW_FLAGS.includes(code));

/** The RFC pattern of the red-flags rules (after trimming and upper-casing). */
const RFC_PATTERN = '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$';

/** A name as compared for SHARED_RFC: upper case, no accents, letters and digits only, no legal form at the end. */
const normalisedName = (column: SQL) =>
  sql`regexp_replace(regexp_replace(translate(upper(${column}), 'ÁÉÍÓÚÜÀÈÌÒÙÑ', 'AEIOUUAEIOUN'), '[^A-Z0-9&]', '', 'g'), ${LEGAL_FORM}, '')`;

/**
 * A trailing legal form, once letters and digits only: the society (S.A., S.A.B., S.A.P.I., S.A.S.,
 * S. de R.L., S.C. de R.L., S.P.R. de R.L./R.I., S.C., S.C.L., S. en N.C., A.C., I.A.P., A.B.P.),
 * then 'de C.V.' and 'M.I.' when written.
 */
const LEGAL_FORM =
  '(SAPI|SAB|SAS|SA|SCDERL|SDERL|SPRDERL|SPRDERI|SPR|SCL|SCS|SC|SENNC|SNC|AC|IAP|ABP)(DECV)?(MI)?$';

/** The contracts the statement looks at, as `c`: live processes of the monitor, of the scope's ids when given. */
function scoped(scope: FlagScope, alias = 'c'): SQL {
  const c = sql.raw(alias);
  const ids = scope.contractIds ? sql` AND ${c}.id = ANY(${sqlArray(scope.contractIds, 'uuid')})` : sql``;
  return sql`${c}.organization_id = ${scope.organizationId} AND ${c}.deleted_at IS NULL AND NOT ${c}.is_empty${ids}`;
}

/** Every live process of the monitor (the groups a chain, a share or a fence is computed over). */
function monitorWide(scope: FlagScope, alias = 'c'): SQL {
  return scoped({ organizationId: scope.organizationId, contractIds: null }, alias);
}

/** Restricts the rows inserted to the scope's contracts (a group's other members are read, not written). */
function inScope(scope: FlagScope, column: SQL): SQL {
  return scope.contractIds ? sql`${column} = ANY(${sqlArray(scope.contractIds, 'uuid')})` : sql`TRUE`;
}

/** The SELECT of one flag: (contract id, evidence) rows. */
function flagSelect(code: RedFlagCode, scope: FlagScope, inputs: FlagInputs): SQL {
  const p = inputs.parameters;
  const limits = JSON.stringify(p.directAwardLimits);
  const limitOf = (c: SQL) => sql`(${limits}::jsonb ->> ${c}.fiscal_year)::numeric`;
  switch (code) {
    case 'SINGLE_BIDDER':
      return sql`
        SELECT c.id, jsonb_build_object('bidder', jsonb_build_object('name', b.name, 'rfc', b.rfc))
          FROM contracts c
          JOIN LATERAL (SELECT count(*) AS n, min(name) AS name, min(rfc) AS rfc FROM contract_parties p
                         WHERE p.contract_id = c.id AND p.role = 'BIDDER') b ON b.n = 1
         WHERE ${scoped(scope)} AND c.procedure_type IN ('PUBLIC', 'INVITATION')`;
    case 'FEW_INVITED_BIDDERS':
      return sql`
        SELECT c.id, jsonb_build_object('count', b.n, 'bidders', b.names)
          FROM contracts c
          JOIN LATERAL (SELECT count(*) AS n,
                               jsonb_agg(jsonb_build_object('name', name, 'rfc', rfc) ORDER BY position) AS names
                          FROM contract_parties p WHERE p.contract_id = c.id AND p.role = 'BIDDER') b
            ON b.n BETWEEN 1 AND 2
         WHERE ${scoped(scope)} AND c.procedure_type = 'INVITATION'`;
    case 'OVER_DIRECT_AWARD_LIMIT':
      return sql`
        SELECT c.id, jsonb_build_object('amount', c.total_or_max_amount, 'limit', ${limitOf(sql.raw('c'))},
                                        'fiscalYear', c.fiscal_year, 'limitExceeded', c.limit_exceeded IS TRUE,
                                        'amountExceeded', c.amount_exceeded)
          FROM contracts c
         WHERE ${scoped(scope)} AND c.procedure_type = 'NO_BID'
           AND (c.limit_exceeded IS TRUE OR c.total_or_max_amount > ${limitOf(sql.raw('c'))})`;
    case 'SPLIT_DIRECT_AWARDS':
      return sql`
        WITH awards AS (
          SELECT c.id, c.supplier_id, c.organizer_administrative_unit_id AS unit, c.fiscal_year, c.contract_date,
                 c.contract_number, c.total_or_max_amount AS amount, ${limitOf(sql.raw('c'))} AS award_limit
            FROM contracts c
           WHERE ${monitorWide(scope)} AND c.procedure_type = 'NO_BID' AND c.supplier_id IS NOT NULL
             AND c.contract_date IS NOT NULL AND c.total_or_max_amount IS NOT NULL
             AND c.total_or_max_amount <= ${limitOf(sql.raw('c'))}
        ), starts AS (
          SELECT *, CASE WHEN contract_date - lag(contract_date) OVER same <= ${p.chainWindowDays}::int THEN 0 ELSE 1 END AS starts
            FROM awards WINDOW same AS (PARTITION BY supplier_id, unit, fiscal_year ORDER BY contract_date, id)
        ), chained AS (
          SELECT *, sum(starts) OVER (PARTITION BY supplier_id, unit, fiscal_year ORDER BY contract_date, id) AS chain
            FROM starts
        ), sized AS (
          -- Window sums, not a join of the chains back to their members: the planner cannot
          -- estimate a chain's size, and a nested loop over them took minutes at a million contracts.
          SELECT *, count(*) OVER chain AS members, sum(amount) OVER chain AS total,
                 min(contract_date) OVER chain AS chain_from, max(contract_date) OVER chain AS chain_to
            FROM chained WINDOW chain AS (PARTITION BY supplier_id, unit, fiscal_year, chain)
        )
        -- The chain by its bounds, not its list: its members are the direct awards of that supplier
        -- and unit between those dates (chainMembers reads them for the contract's page); a list in
        -- every member made a million contracts' flags gigabytes.
        SELECT x.id, x.evidence FROM (
          SELECT m.id, jsonb_build_object('total', m.total, 'limit', m.award_limit, 'fiscalYear', m.fiscal_year,
                                          'windowDays', ${p.chainWindowDays}::int, 'members', m.members,
                                          'supplierId', m.supplier_id, 'unitId', m.unit,
                                          'from', m.chain_from, 'to', m.chain_to) AS evidence
            FROM sized m WHERE m.members >= 2 AND m.total > m.award_limit) x
         WHERE ${inScope(scope, sql`x.id`)}`;
    case 'SUPPLIER_CONCENTRATION':
      return sql`
        WITH awards AS (
          SELECT c.id, c.supplier_id, c.organizer_administrative_unit_id AS unit, c.administration_period,
                 c.total_or_max_amount AS amount
            FROM contracts c
           WHERE ${monitorWide(scope)} AND c.procedure_type = 'NO_BID' AND c.counts_in_totals
             AND c.total_or_max_amount IS NOT NULL
        ), units AS (
          SELECT unit, administration_period, count(*) AS contracts, sum(amount) AS total
            FROM awards GROUP BY unit, administration_period
          HAVING count(*) >= ${p.concentrationMinContracts}::int AND sum(amount) > 0
        ), held AS (
          SELECT supplier_id, unit, administration_period, sum(amount) AS amount, count(*) AS contracts
            FROM awards WHERE supplier_id IS NOT NULL GROUP BY supplier_id, unit, administration_period
        )
        SELECT a.id, jsonb_build_object('share', round(h.amount / u.total, 4), 'supplierAmount', h.amount,
                                        'supplierContracts', h.contracts, 'unitAmount', u.total,
                                        'unitContracts', u.contracts, 'administrationPeriod', u.administration_period,
                                        'threshold', ${p.concentrationShare}::numeric)
          FROM awards a
          JOIN held h USING (supplier_id, unit, administration_period)
          JOIN units u USING (unit, administration_period)
         WHERE h.amount > ${p.concentrationShare}::numeric * u.total AND ${inScope(scope, sql`a.id`)}`;
    case 'NON_WORKING_DAY': {
      const dates = inputs.holidays.map((holiday) => holiday.date);
      const names = inputs.holidays.map((holiday) => holiday.name);
      return sql`
        WITH holidays AS (
          SELECT d::date AS day, n AS name FROM unnest(${sqlArray(dates, 'text')}, ${sqlArray(names, 'text')}) AS h(d, n)
        )
        SELECT c.id, jsonb_build_object('date', c.contract_date,
                                        'kind', CASE WHEN h.day IS NOT NULL THEN 'HOLIDAY'
                                                     WHEN extract(isodow FROM c.contract_date) = 6 THEN 'SATURDAY'
                                                     ELSE 'SUNDAY' END,
                                        'name', coalesce(h.name, CASE WHEN extract(isodow FROM c.contract_date) = 6
                                                                      THEN 'sábado' ELSE 'domingo' END))
          FROM contracts c LEFT JOIN holidays h ON h.day = c.contract_date
         WHERE ${scoped(scope)} AND c.contract_date IS NOT NULL
           AND (h.day IS NOT NULL OR extract(isodow FROM c.contract_date) IN (6, 7))`;
    }
    case 'LATE_PUBLICATION':
      return sql`
        SELECT c.id, jsonb_build_object('informationDate', c.information_date, 'deadline', vigia_format_deadline(c.period),
                                        'period', c.period)
          FROM contracts c
         WHERE ${scoped(scope)} AND c.information_date IS NOT NULL
           AND c.information_date > vigia_format_deadline(c.period)`;
    case 'NO_CONTRACT_DOCUMENT':
      return sql`
        SELECT c.id, '{}'::jsonb FROM contracts c
         WHERE ${scoped(scope)} AND c.procedure_state = 'CONCLUDED' AND coalesce(btrim(c.contract_url), '') = ''`;
    case 'NO_CALL_DOCUMENT':
      return sql`
        SELECT c.id, '{}'::jsonb FROM contracts c
         WHERE ${scoped(scope)} AND c.procedure_type IN ('PUBLIC', 'INVITATION')
           AND coalesce(btrim(c.announcement_url), '') = ''`;
    case 'DOCUMENT_GONE':
      // Each contract's four links as rows, hashed against the few gone documents (a lookup per
      // contract of a million took seconds; with none gone the contracts are not even read).
      return sql`
        SELECT x.id, jsonb_build_object('documents',
                 jsonb_agg(jsonb_build_object('url', x.url, 'goneSince', x.gone_since) ORDER BY x.url))
          FROM (SELECT DISTINCT c.id, s.url, s.gone_since
                  FROM contracts c
                  CROSS JOIN LATERAL (VALUES (btrim(c.announcement_url)), (btrim(c.clarification_meeting_judgment_url)),
                                             (btrim(c.presentation_proposals_doc_url)), (btrim(c.contract_url))) AS d(url)
                  JOIN document_sources s ON s.url = d.url
                 WHERE s.organization_id = ${scope.organizationId} AND s.gone_since IS NOT NULL
                   AND ${scoped(scope)}) x
         GROUP BY x.id`;
    case 'INVALID_RFC':
      return sql`
        SELECT c.id, jsonb_build_object('rfc', s.rfc, 'supplier', s.name)
          FROM contracts c JOIN suppliers s ON s.id = c.supplier_id
         WHERE ${scoped(scope)} AND nullif(btrim(s.rfc), '') IS NOT NULL
           AND upper(btrim(s.rfc)) !~ ${RFC_PATTERN}`;
    case 'SHARED_RFC':
      return sql`
        WITH published AS (
          SELECT upper(btrim(s.rfc)) AS rfc, s.name FROM suppliers s
           WHERE s.organization_id = ${scope.organizationId} AND s.deleted_at IS NULL AND nullif(btrim(s.rfc), '') IS NOT NULL
          UNION
          SELECT upper(btrim(p.rfc)), p.name FROM contract_parties p
           WHERE p.organization_id = ${scope.organizationId} AND p.role IN ('BIDDER', 'INVITED')
             AND nullif(btrim(p.rfc), '') IS NOT NULL
        ), shared AS (
          SELECT rfc, jsonb_agg(DISTINCT name) AS names FROM published GROUP BY rfc
          HAVING count(DISTINCT ${normalisedName(sql`name`)}) > 1
        )
        SELECT c.id, jsonb_build_object('rfc', x.rfc, 'names', x.names)
          FROM contracts c JOIN suppliers s ON s.id = c.supplier_id JOIN shared x ON x.rfc = upper(btrim(s.rfc))
         WHERE ${scoped(scope)}`;
    case 'SAT_69B':
      return sql`
        SELECT c.id, jsonb_build_object('rfc', e.rfc, 'listedName', e.name, 'situation', e.situation,
                                        'presumptionDof', e.presumption_dof, 'presumptionSat', e.presumption_sat,
                                        'definitiveDof', e.definitive_dof, 'definitiveSat', e.definitive_sat,
                                        'contractDate', c.contract_date,
                                        'cutOff', (SELECT cut_off FROM supplier_lists WHERE kind = 'SAT_69B'))
          FROM contracts c JOIN suppliers s ON s.id = c.supplier_id
          JOIN sat_69b_entries e ON e.rfc = upper(btrim(s.rfc))
         WHERE ${scoped(scope)} AND e.situation IN ('PRESUNTO', 'DEFINITIVO')`;
    case 'SANCTIONED_SUPPLIER':
      return sql`
        SELECT DISTINCT ON (c.id) c.id,
               jsonb_build_object('rfc', x.rfc, 'listedName', x.name, 'authority', x.authority, 'laws', x.laws,
                                  'file', x.file, 'from', x.debarment_from, 'to', x.debarment_to,
                                  'contractDate', c.contract_date,
                                  'cutOff', (SELECT cut_off FROM supplier_lists WHERE kind = 'SANCTIONS'),
                                  'loadedAt', (SELECT loaded_at FROM supplier_lists WHERE kind = 'SANCTIONS'))
          FROM contracts c JOIN suppliers s ON s.id = c.supplier_id
          JOIN sanctioned_suppliers x ON x.rfc = upper(btrim(s.rfc))
                                     AND c.contract_date BETWEEN x.debarment_from AND x.debarment_to
         WHERE ${scoped(scope)}
         ORDER BY c.id, x.debarment_from`;
    case 'OUTLIER_AMOUNT':
      return sql`
        WITH counted AS (
          SELECT c.id, c.category, c.procedure_type, c.total_or_max_amount AS amount FROM contracts c
           WHERE ${monitorWide(scope)} AND c.counts_in_totals AND c.category IS NOT NULL
             AND c.total_or_max_amount IS NOT NULL
        ), fences AS (
          SELECT category, procedure_type, count(*) AS contracts,
                 -- In numeric (percentile_cont answers in double): a fence of cents computed in
                 -- double fell a hair below the amount equal to it, which was then flagged as above.
                 (percentile_cont(0.25) WITHIN GROUP (ORDER BY amount))::numeric AS q1,
                 (percentile_cont(0.75) WITHIN GROUP (ORDER BY amount))::numeric AS q3
            FROM counted GROUP BY category, procedure_type HAVING count(*) >= ${p.outlierMinContracts}::int
        )
        SELECT k.id, jsonb_build_object('amount', k.amount, 'fence', round((f.q3 + ${p.outlierFactor}::numeric * (f.q3 - f.q1))::numeric, 2),
                                        'q1', round(f.q1::numeric, 2), 'q3', round(f.q3::numeric, 2),
                                        'factor', ${p.outlierFactor}::numeric, 'contracts', f.contracts,
                                        'category', k.category, 'procedureType', k.procedure_type)
          FROM counted k JOIN fences f USING (category, procedure_type)
         WHERE k.amount > f.q3 + ${p.outlierFactor}::numeric * (f.q3 - f.q1) AND ${inScope(scope, sql`k.id`)}`;
    case 'AMENDED':
      return sql`
        SELECT c.id, jsonb_build_object('count', a.n, 'amendments', a.list)
          FROM contracts c
          JOIN LATERAL (SELECT count(*) AS n,
                               jsonb_agg(jsonb_build_object('number', number, 'signedDate', signed_date, 'object', object)
                                         ORDER BY position) AS list
                          FROM contract_amendments a WHERE a.contract_id = c.id) a ON a.n > 0
         WHERE ${scoped(scope)}`;
  }
}

/**
 * Replaces the flags `codes` of the scope's contracts by what the rules say now, in one statement
 * per flag: a flag still raised is updated in place (it keeps raised_xid, so the alerts do not
 * tell it again after an edit), one no longer raised is removed. Flags switched off are removed.
 * Run in a transaction by the caller.
 */
export async function replaceFlags(
  db: Database,
  scope: FlagScope,
  codes: readonly RedFlagCode[],
  inputs: FlagInputs,
): Promise<void> {
  if (codes.length === 0) return;
  const ids = scope.contractIds ? sql` AND contract_id = ANY(${sqlArray(scope.contractIds, 'uuid')})` : sql``;
  const off = codes.filter((code) => !inputs.parameters.enabled[code]);
  if (off.length > 0)
    await db.execute(
      sql`DELETE FROM contract_flags WHERE organization_id = ${scope.organizationId}
            AND code = ANY(${sqlArray(off, 'text')})${ids}`,
    );
  for (const code of codes) {
    if (!inputs.parameters.enabled[code]) continue;
    await db.execute(
      sql`WITH raised AS (SELECT * FROM (${flagSelect(code, scope, inputs)}) AS raised(id, evidence)),
          kept AS (
            INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount)
            SELECT raised.id, ${scope.organizationId}::uuid, ${code}, raised.evidence, ${inputs.methodVersion}::int,
                   k.total_or_max_amount
              FROM raised JOIN contracts k ON k.id = raised.id
            ON CONFLICT (contract_id, code) DO UPDATE SET evidence = EXCLUDED.evidence,
              method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
            RETURNING contract_id)
          DELETE FROM contract_flags WHERE organization_id = ${scope.organizationId} AND code = ${code}${ids}
             AND contract_id NOT IN (SELECT id FROM raised)`,
    );
  }
  // The scope's other flags (the monitor-wide ones, until the refresh) follow their contract's amount.
  if (scope.contractIds)
    await db.execute(
      sql`UPDATE contract_flags f SET amount = k.total_or_max_amount FROM contracts k
           WHERE k.id = f.contract_id AND f.contract_id = ANY(${sqlArray(scope.contractIds, 'uuid')})
             AND f.amount IS DISTINCT FROM k.total_or_max_amount`,
    );
}

/** Notes the contracts a write flagged, in its transaction (see computeFlagChanges). */
export async function noteFlagWrites(
  db: Database,
  organizationId: string,
  contractIds: readonly string[],
): Promise<void> {
  if (contractIds.length === 0) return;
  await db.execute(
    sql`INSERT INTO flag_writes (organization_id, contract_id)
        SELECT ${organizationId}::uuid, id FROM unnest(${sqlArray(contractIds, 'uuid')}) AS written(id)`,
  );
}

/**
 * The session's temporary tables of a monitor's recomputation, named after the monitor: on the
 * embedded database every job shares one session, and two monitors may be recomputed at once.
 */
function scratch(organizationId: string) {
  const suffix = organizationId.replace(/-/g, '');
  return {
    fresh: sql.identifier(`fresh_flags_${suffix}`),
    changes: sql.identifier(`flag_changes_${suffix}`),
    seen: sql.identifier(`seen_writes_${suffix}`),
  };
}

/**
 * Every statement of the caller's transaction reads the one snapshot of its first (call it first),
 * with room to sort and hash a monitor's contracts in memory (the chains' windows, the comparison):
 * at the default 4 MB they spilled to disk at a million contracts. One such transaction runs at a
 * time in the installation (LOCKS.redFlags).
 */
export async function readOneSnapshot(tx: Database): Promise<void> {
  await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
}

/**
 * A monitor's recomputation, first half: every flag `codes` of its contracts computed from one
 * snapshot (the caller's transaction, readOneSnapshot) into a temporary table of the session as
 * what differs from the stored flags: rows to insert ('I'), to update ('U') and to delete ('D');
 * and the writes that snapshot saw. Nothing of the monitor's is locked: writes go on meanwhile.
 * The refresh's own connection keeps both tables for the second half (applyFlagChanges).
 */
export async function computeFlagChanges(
  tx: Database,
  organizationId: string,
  codes: readonly RedFlagCode[],
  inputs: FlagInputs,
  batchRows = APPLY_BATCH,
): Promise<{ steps: Record<string, number>; batches: number }> {
  const t = scratch(organizationId);
  // How long each flag and the comparison took (ms): the refresh's log and the benchmark print them.
  const steps: Record<string, number> = {};
  let started = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - started);
    started = now;
  };
  await tx.execute(sql`DROP TABLE IF EXISTS ${t.fresh}, ${t.changes}, ${t.seen}`);
  await tx.execute(
    sql`CREATE TEMP TABLE ${t.fresh} (contract_id uuid NOT NULL, code text NOT NULL, evidence jsonb NOT NULL)`,
  );
  const scope = { organizationId, contractIds: null };
  for (const code of codes) {
    if (!inputs.parameters.enabled[code]) continue;
    await tx.execute(
      sql`INSERT INTO ${t.fresh} (contract_id, code, evidence)
          SELECT raised.id, ${code}, raised.evidence FROM (${flagSelect(code, scope, inputs)}) AS raised(id, evidence)`,
    );
    step(code);
  }
  await tx.execute(sql`ANALYZE ${t.fresh}`);
  await tx.execute(
    sql`CREATE TEMP TABLE ${t.changes} AS
        SELECT s.contract_id, s.code, NULL::jsonb AS evidence, NULL::numeric(18, 2) AS amount, 'D'::text AS op
          FROM contract_flags s
         WHERE s.organization_id = ${organizationId} AND s.code = ANY(${sqlArray(codes, 'text')})
           AND NOT EXISTS (SELECT 1 FROM ${t.fresh} f WHERE f.contract_id = s.contract_id AND f.code = s.code)
        UNION ALL
        SELECT f.contract_id, f.code, f.evidence, k.total_or_max_amount,
               CASE WHEN s.contract_id IS NULL THEN 'I' ELSE 'U' END
          FROM ${t.fresh} f
          JOIN contracts k ON k.id = f.contract_id
          LEFT JOIN contract_flags s ON s.contract_id = f.contract_id AND s.code = f.code
         WHERE s.contract_id IS NULL OR s.evidence IS DISTINCT FROM f.evidence
            OR s.amount IS DISTINCT FROM k.total_or_max_amount`,
  );
  // The writes seen keyed, and they and flag_writes analyzed (a server may run without autovacuum):
  // with the planner reading a load's 100,000 writes as one row, each batch's anti-join below
  // compared every write with every seen one (minutes per batch instead of under a second).
  await tx.execute(sql`CREATE TEMP TABLE ${t.seen} (id bigint PRIMARY KEY)`);
  await tx.execute(
    sql`INSERT INTO ${t.seen} SELECT id FROM flag_writes WHERE organization_id = ${organizationId}`,
  );
  await tx.execute(sql`ANALYZE ${t.seen}`);
  await tx.execute(sql`ANALYZE flag_writes`);
  await tx.execute(sql`DROP TABLE ${t.fresh}`);
  // The changes in batches of about APPLY_BATCH rows, a contract's all in one: each is applied in a
  // short transaction of its own, so a monitor's first flags (millions of rows) never hold its
  // flags, and the saves waiting for them, for minutes.
  const [{ n } = { n: 0 }] = await queryRows<{ n: number | string }>(
    tx,
    sql`SELECT count(*) AS n FROM ${t.changes}`,
  );
  const batches = Math.max(1, Math.ceil(Number(n) / batchRows));
  await tx.execute(sql`ALTER TABLE ${t.changes} ADD COLUMN batch integer`);
  await tx.execute(
    sql`UPDATE ${t.changes} SET batch = abs(hashtext(contract_id::text)::bigint) % ${batches}::int`,
  );
  await tx.execute(sql`ANALYZE ${t.changes}`);
  step('comparison');
  return { steps, batches };
}

/** About how many changed flags one short transaction of a recomputation applies. */
const APPLY_BATCH = 50_000;

/**
 * A monitor's recomputation, second half, one batch at a time, each under the monitor's flags
 * (lockMonitorFlags, in the caller's transaction): the changes computeFlagChanges found are
 * applied, except to the contracts written after its snapshot (their write replaced their own flags
 * and queued the next refresh). Returns how many flags were raised ('I'), changed ('U') and
 * removed ('D') per code. finishFlagChanges ends it.
 */
export async function applyFlagChanges(
  tx: Database,
  organizationId: string,
  methodVersion: number,
  batch: number,
): Promise<{ code: string; op: string; n: number }[]> {
  const t = scratch(organizationId);
  const applied = await queryRows<{ code: string; op: string; n: number | string }>(
    tx,
    sql`WITH since AS (
          SELECT DISTINCT contract_id FROM flag_writes w
           WHERE w.organization_id = ${organizationId} AND NOT EXISTS (SELECT 1 FROM ${t.seen} s WHERE s.id = w.id)
        ), changes AS (
          SELECT c.* FROM ${t.changes} c
           WHERE c.batch = ${batch}::int
             AND NOT EXISTS (SELECT 1 FROM since w WHERE w.contract_id = c.contract_id)
             AND (c.op = 'D' OR EXISTS (SELECT 1 FROM contracts k WHERE k.id = c.contract_id))
        ), removed AS (
          DELETE FROM contract_flags s USING changes c
           WHERE c.op = 'D' AND s.contract_id = c.contract_id AND s.code = c.code
          RETURNING s.code
        ), raised AS (
          INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount)
          SELECT c.contract_id, ${organizationId}::uuid, c.code, c.evidence, ${methodVersion}::int, c.amount
            FROM changes c WHERE c.op <> 'D'
          ON CONFLICT (contract_id, code) DO UPDATE SET evidence = EXCLUDED.evidence,
            method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
          RETURNING code
        )
        SELECT code, 'D' AS op, count(*) AS n FROM removed GROUP BY code
        UNION ALL
        SELECT c.code, c.op, count(*) FROM changes c WHERE c.op <> 'D' GROUP BY c.code, c.op`,
  );
  return applied.map((row) => ({ code: row.code, op: row.op, n: Number(row.n) }));
}

/** Ends a recomputation: the writes its snapshot saw are forgotten, its temporary tables dropped. */
export async function finishFlagChanges(db: Database, organizationId: string): Promise<void> {
  const t = scratch(organizationId);
  await db.execute(sql`DELETE FROM flag_writes w USING ${t.seen} s WHERE w.id = s.id`);
  await db.execute(sql`DROP TABLE IF EXISTS ${t.changes}, ${t.seen}`);
}

/** A monitor's stored parameters and method version, or null when it keeps the defaults. */
export async function storedSettings(
  db: Database,
  organizationId: string,
): Promise<{ parameters: Record<string, unknown>; methodVersion: number } | null> {
  const [row] = await queryRows<{ parameters: Record<string, unknown>; method_version: number }>(
    db,
    sql`SELECT parameters, method_version FROM red_flag_settings WHERE organization_id = ${organizationId}`,
  );
  return row ? { parameters: row.parameters, methodVersion: Number(row.method_version) } : null;
}

/** A contract's raised flags with their evidence (live contracts only). */
export async function flagsOfContract(
  db: Database,
  organizationId: string,
  contractId: string,
): Promise<{ code: string; evidence: Record<string, unknown>; methodVersion: number }[]> {
  const rows = await queryRows<{ code: string; evidence: Record<string, unknown>; method_version: number }>(
    db,
    sql`SELECT code, evidence, method_version FROM contract_flags
         WHERE organization_id = ${organizationId} AND contract_id = ${contractId}`,
  );
  return rows.map((row) => ({
    code: row.code,
    evidence: row.evidence,
    methodVersion: Number(row.method_version),
  }));
}

/** How many live contracts of the monitor carry each flag. */
export async function flagCounts(db: Database, organizationId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ code: string; n: number | string }>(
    db,
    sql`SELECT f.code, count(*) AS n FROM contract_flags f JOIN contracts c ON c.id = f.contract_id
         WHERE f.organization_id = ${organizationId} AND c.deleted_at IS NULL GROUP BY f.code`,
  );
  return new Map(rows.map((row) => [row.code, Number(row.n)]));
}

/** The lists loaded into the installation: their own date, when and how many rows. */
export async function loadedLists(
  db: Database,
): Promise<Map<string, { cutOff: string | null; loadedAt: Date; rows: number }>> {
  const rows = await queryRows<{
    kind: string;
    cut_off: string | null;
    loaded_at: Date | string;
    rows: number;
  }>(db, sql`SELECT kind, cut_off::text AS cut_off, loaded_at, rows FROM supplier_lists`);
  return new Map(
    rows.map((row) => [
      row.kind,
      { cutOff: row.cut_off, loadedAt: new Date(row.loaded_at), rows: Number(row.rows) },
    ]),
  );
}

/** Stores a monitor's parameters and bumps the method's version; returns the new version. */
export async function saveSettings(
  db: Database,
  organizationId: string,
  parameters: RedFlagParameters,
  userId: string,
): Promise<number> {
  const [row] = await queryRows<{ method_version: number }>(
    db,
    sql`INSERT INTO red_flag_settings (organization_id, parameters, method_version, updated_at, updated_by)
        VALUES (${organizationId}, ${JSON.stringify(parameters)}::jsonb, 2, now(), ${userId}::uuid)
        ON CONFLICT (organization_id) DO UPDATE SET parameters = EXCLUDED.parameters,
          method_version = red_flag_settings.method_version + 1, updated_at = now(), updated_by = EXCLUDED.updated_by
        RETURNING method_version`,
  );
  return Number(row!.method_version);
}

/**
 * A chain's direct awards (SPLIT_DIRECT_AWARDS' evidence gives its bounds): the supplier's awards
 * by the unit in that fiscal year between the chain's first and last dates, each not over the limit,
 * in date order; at most `limit` of them.
 */
export async function chainMembers(
  db: Database,
  organizationId: string,
  chain: { supplierId: string; unitId: string; fiscalYear: string; from: string; to: string; limit: number },
  limit: number,
): Promise<{ id: string; number: string | null; date: string; amount: number }[]> {
  const rows = await queryRows<{ id: string; number: string | null; date: string; amount: string | number }>(
    db,
    sql`SELECT id, contract_number AS number, contract_date::text AS date, total_or_max_amount AS amount
          FROM contracts
         WHERE organization_id = ${organizationId} AND supplier_id = ${chain.supplierId}::uuid
           AND procedure_type = 'NO_BID' AND deleted_at IS NULL AND NOT is_empty
           AND organizer_administrative_unit_id = ${chain.unitId}::uuid AND fiscal_year = ${chain.fiscalYear}
           AND contract_date BETWEEN ${chain.from}::date AND ${chain.to}::date
           AND total_or_max_amount <= ${chain.limit}
         ORDER BY contract_date, id LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/**
 * The monitor's data changed for its visitors (a list filtered by a flag, a supplier's flags by
 * kind): its data version goes up, as a write's does, so no cached answer of the old flags is served.
 */
export async function bumpDataVersion(db: Database, organizationId: string): Promise<void> {
  await db.execute(
    sql`UPDATE organizations SET data_version = data_version + 1 WHERE id = ${organizationId}`,
  );
}

/** The codes of the flags each of these contracts raised (a list page's tags). */
export async function flagCodesOf(
  db: Database,
  organizationId: string,
  contractIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byContract = new Map<string, string[]>();
  if (contractIds.length === 0) return byContract;
  const rows = await queryRows<{ contract_id: string; code: string }>(
    db,
    sql`SELECT contract_id, code FROM contract_flags
         WHERE organization_id = ${organizationId} AND contract_id = ANY(${sqlArray(contractIds, 'uuid')})`,
  );
  for (const row of rows)
    byContract.set(row.contract_id, [...(byContract.get(row.contract_id) ?? []), row.code]);
  return byContract;
}

/** How many of a supplier's live contracts (under the page's conditions) carry each flag, and how many carry any. */
export async function supplierFlagCounts(
  db: Database,
  where: SQL,
  supplierIds?: readonly string[],
): Promise<Map<string, { byCode: Map<string, number>; flagged: number }>> {
  // One scan: a row per supplier and flag, and a row per supplier (code null) counting each of its
  // contracts once. Without ids, the suppliers the conditions select (the supplier's page: one).
  if (supplierIds && supplierIds.length === 0) return new Map();
  const scoped = supplierIds
    ? sql`${where} AND contracts.supplier_id = ANY(${sqlArray(supplierIds, 'uuid')})`
    : where;
  const rows = await queryRows<{ supplier: string | null; code: string | null; n: number | string }>(
    db,
    sql`SELECT contracts.supplier_id AS supplier, f.code, count(DISTINCT contracts.id) AS n
          FROM contracts JOIN contract_flags f ON f.contract_id = contracts.id
         WHERE ${scoped} GROUP BY GROUPING SETS ((contracts.supplier_id, f.code), (contracts.supplier_id))`,
  );
  const bySupplier = new Map<string, { byCode: Map<string, number>; flagged: number }>();
  for (const row of rows) {
    if (row.supplier === null) continue;
    let counts = bySupplier.get(row.supplier);
    if (!counts) {
      counts = { byCode: new Map(), flagged: 0 };
      bySupplier.set(row.supplier, counts);
    }
    if (row.code === null) counts.flagged = Number(row.n);
    else counts.byCode.set(row.code, Number(row.n));
  }
  return bySupplier;
}

/**
 * Rebuilds the monitor's flag_cube (per flag, and 'ANY' for any, over contract_cube's dimensions)
 * from one snapshot of its contracts and flags, and records the monitor's data version of that
 * snapshot: the figures engine reads the cube only while the monitor is still at that version.
 * Must run in a transaction of its own (it sets its isolation).
 */
export async function rebuildFlagCube(tx: Database, organizationId: string): Promise<void> {
  await readOneSnapshot(tx);
  await tx.execute(sql`DELETE FROM flag_cube WHERE organization_id = ${organizationId}`);
  await tx.execute(
    sql`WITH f AS (SELECT contract_id, code FROM contract_flags WHERE organization_id = ${organizationId}),
             k AS (SELECT contract_id, code FROM f
                   UNION ALL SELECT contract_id, ${ANY_RED_FLAG}::text FROM f GROUP BY contract_id)
        INSERT INTO flag_cube (organization_id, code, administration_period, fiscal_year, period,
          procedure_type, applicant_administrative_unit_id, organizer_administrative_unit_id,
          contracts, counted, amount)
        SELECT c.organization_id, k.code, c.administration_period, c.fiscal_year, c.period,
          c.procedure_type, c.applicant_administrative_unit_id, c.organizer_administrative_unit_id,
          count(*)::integer, (count(*) FILTER (WHERE c.counts_in_totals))::integer,
          coalesce(sum(c.total_or_max_amount) FILTER (WHERE c.counts_in_totals), 0)::numeric(18, 2)
          FROM k JOIN contracts c ON c.id = k.contract_id
         WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL
         GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  await tx.execute(
    sql`INSERT INTO flag_cube_state (organization_id, data_version, built_at)
        SELECT id, data_version, now() FROM organizations WHERE id = ${organizationId}
        ON CONFLICT (organization_id) DO UPDATE
          SET data_version = EXCLUDED.data_version, built_at = EXCLUDED.built_at`,
  );
}

/**
 * Dead rows and statistics of the flags' tables after a recomputation changed many of them (some
 * servers run no autovacuum): without it the planner read a 5M monitor's four million new flag rows
 * as a handful and the list took a second. Outside any transaction, on the refresh's own connection.
 */
export async function tidyFlagTables(
  db: Database,
  tables: readonly ('contract_flags' | 'flag_cube' | 'flag_writes')[],
): Promise<void> {
  for (const table of tables) await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
}

/** Whether the monitor's flag_cube was built at its current data version. */
export async function flagCubeIsCurrent(db: Database, organizationId: string): Promise<boolean> {
  const rows = await queryRows<{ current: boolean }>(
    db,
    sql`SELECT s.data_version = o.data_version AS current
          FROM flag_cube_state s JOIN organizations o ON o.id = s.organization_id
         WHERE s.organization_id = ${organizationId}`,
  );
  return rows[0]?.current === true;
}

/**
 * Holds the monitor's flags until the transaction ends: a write's own flags and a recomputation
 * never interleave (one deleting what the other inserts deadlocked under concurrent writes).
 */
export async function lockMonitorFlags(db: Database, organizationId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${FLAGS_LOCK}::int, hashtext(${organizationId}))`);
}

/** The first key of the monitors' flag locks (the second is the monitor's). */
const FLAGS_LOCK = 7_240_008;
