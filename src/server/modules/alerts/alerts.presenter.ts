import {
  ALERT_FREQUENCY_LABELS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertFrequency,
  type AlertKind,
  type AlertSummary,
  type FollowView,
} from '../../../shared/schemas/alerts';
import type { FollowDetail } from './follows.repository';
import type { FollowLine } from './follows-mail';
import { flagName, followSubject, storedFilters } from './follows-text';

/** A follow as the confirmation and management pages show it (`filtersText`: CONTRACTS only). */
export function presentFollow(row: FollowDetail, filtersText: string | null): FollowView {
  const contracts = row.kind === 'CONTRACTS';
  return {
    _id: row.id,
    organization: { _id: row.organizationId, name: row.organizationName },
    kind: row.kind as AlertKind,
    filters: contracts ? storedFilters(row.filters) : null,
    filtersText: contracts ? filtersText : null,
    code: row.code,
    codeName: flagName(row.code),
    threshold: row.threshold,
    frequency: row.frequency as AlertFrequency,
    confirmed: row.confirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an e-mail says of a follow. */
export function followLine(view: FollowView): FollowLine {
  return {
    organizationName: view.organization.name,
    kindLabel: ALERT_KIND_LABELS[view.kind],
    subject: followSubject(view),
    frequencyLabel: ALERT_FREQUENCY_LABELS[view.frequency],
  };
}

/** The administrators' counts: confirmed follows by kind and flag, unconfirmed ones, the outbox. */
export function presentSummary(input: {
  counts: { kind: string; code: string | null; confirmed: boolean; follows: number }[];
  suppliers: { id: string; name: string; follows: number }[];
  deliveries: { pending: number; failing: number; sentSince: number; lastSentAt: Date | null };
}): AlertSummary {
  const confirmed = input.counts.filter((row) => row.confirmed);
  const byKind = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, 0])) as Record<AlertKind, number>;
  const byFlag = new Map<string, number>();
  for (const row of confirmed) {
    if (row.kind in byKind) byKind[row.kind as AlertKind] += row.follows;
    if (row.kind === 'FLAG' && row.code) byFlag.set(row.code, (byFlag.get(row.code) ?? 0) + row.follows);
  }
  return {
    follows: {
      total: confirmed.reduce((sum, row) => sum + row.follows, 0),
      byKind,
      bySupplier: input.suppliers.map((row) => ({ _id: row.id, name: row.name, follows: row.follows })),
      byFlag: [...byFlag]
        .map(([code, follows]) => ({ code, name: flagName(code) ?? code, follows }))
        .sort((a, b) => b.follows - a.follows || a.name.localeCompare(b.name, 'es')),
      unconfirmed: input.counts.filter((row) => !row.confirmed).reduce((sum, row) => sum + row.follows, 0),
    },
    deliveries: {
      pending: input.deliveries.pending,
      failing: input.deliveries.failing,
      sentLast7Days: input.deliveries.sentSince,
      lastSentAt: input.deliveries.lastSentAt ? new Date(input.deliveries.lastSentAt).toISOString() : null,
    },
  };
}
