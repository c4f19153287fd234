import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps } from '../../types';
import { parseSanctions } from './lists/sanctions';
import { ListFormatError, parseSat69b, severestByRfc } from './lists/sat-69b';
import {
  type DebarmentRow,
  type ListKind,
  liveMonitorIds,
  loadedSha256,
  replaceSanctions,
  replaceSatList,
  type SatRow,
} from './lists.repository';
import { refreshFlagsLater } from './red-flags.service';

/**
 * The SAT's art. 69-B list and the federal directory of sanctioned suppliers (decision 0052): a
 * file read as its publisher publishes it, checked whole before anything changes, then the list
 * replaced whole in one transaction, with every monitor's flags recomputed after it.
 */

export interface ListLoaded {
  kind: ListKind;
  cutOff: string | null;
  /** Rows the file held (suppressed and fine-only ones included). */
  rows: number;
  /** What the list keeps: RFCs on the SAT list, debarments with a window. */
  kept: number;
  problems: { row: number; message: string }[];
}

export async function loadList(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  kind: ListKind,
  bytes: Uint8Array,
  source: { kind: 'UPLOAD'; userId: string } | { kind: 'URL' },
): Promise<ListLoaded> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const loadedBy = source.kind === 'UPLOAD' ? source.userId : null;
  try {
    if (kind === 'SAT_69B') {
      const list = parseSat69b(bytes);
      const rows: SatRow[] = [...severestByRfc(list.entries).values()].map((entry) => ({
        rfc: entry.rfc,
        name: entry.name,
        situation: entry.situation,
        presumption_dof: entry.presumption.dofDate,
        presumption_sat: entry.presumption.satDate,
        definitive_dof: entry.definitive.dofDate,
        definitive_sat: entry.definitive.satDate,
        stages: {
          presumption: entry.presumption,
          rebutted: entry.rebutted,
          definitive: entry.definitive,
          favourable: entry.favourable,
        },
      }));
      if (rows.length === 0)
        throw new AppError('BAD_REQUEST', 'El listado no tiene ningún contribuyente con RFC.');
      const total = list.entries.length + list.suppressed + list.problems.length;
      await deps.database.db.transaction(async (tx) => {
        await replaceSatList(
          tx,
          { kind, cutOff: list.cutOff, source: source.kind, sha256, rows: total, loadedBy },
          rows,
        );
        for (const id of await liveMonitorIds(tx)) await refreshFlagsLater(deps, id, tx);
      });
      return {
        kind,
        cutOff: list.cutOff,
        rows: total,
        kept: rows.length,
        problems: list.problems.slice(0, 100),
      };
    }
    const list = parseSanctions(bytes);
    const rows: DebarmentRow[] = list.entries.flatMap((entry) =>
      entry.rfc && entry.rfcValid && entry.debarment
        ? [
            {
              rfc: entry.rfc,
              name: entry.name,
              authority: entry.authority,
              laws: entry.laws,
              file: entry.file,
              debarment_from: entry.debarment.from,
              debarment_to: entry.debarment.to,
            },
          ]
        : [],
    );
    // Every record read (a record with a problem in its window is still one, kept without a debarment).
    const total = list.entries.length;
    await deps.database.db.transaction(async (tx) => {
      await replaceSanctions(
        tx,
        { kind, cutOff: null, source: source.kind, sha256, rows: total, loadedBy },
        rows,
      );
      for (const id of await liveMonitorIds(tx)) await refreshFlagsLater(deps, id, tx);
    });
    return { kind, cutOff: null, rows: total, kept: rows.length, problems: list.problems.slice(0, 100) };
  } catch (error) {
    if (error instanceof ListFormatError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}

/** A list's file may weigh this much (the SAT's complete list is about 5 MB). */
export const LIST_BYTES = 40 * 1024 * 1024;

/**
 * Fetches a configured list through the guarded outbound client and loads it when its bytes
 * changed since the last load (the SAT keeps only its current file; an unchanged one changes nothing).
 */
export async function fetchList(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'outbound'>,
  kind: ListKind,
  url: string,
  signal: AbortSignal,
): Promise<ListLoaded | null> {
  const answer = await deps.outbound.getDocument(url, { maxBytes: LIST_BYTES, signal });
  if (answer.notModified) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of answer.stream) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if ((await loadedSha256(deps.database.db, kind)) === sha256) return null;
  return loadList(deps, kind, new Uint8Array(bytes), { kind: 'URL' });
}
