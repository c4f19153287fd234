import type { ComparisonSide, PeerOrganization } from '../../../shared/schemas/comparisons';
import { AppError } from '../../lib/errors';
import { OutboundError } from '../../lib/outbound/client';
import { organizationById } from '../../plugins/organization';
import type { AppDeps, OrganizationRow } from '../../types';
import { corruptionIndex, indexPeriod } from '../calculations/corruption-index.service';
import { figures, sumByType } from '../figures/figures';
import { findOrganizations } from '../organizations/organizations.service';
import { recentComparisons, recordComparison } from './comparisons.repository';
import { PeerDetailSchema, PeerListSchema } from './peer-schemas';

/**
 * Comparisons between monitors (index-and-federation.md, 'Comparisons and federation'): each
 * side is computed by the server that holds the monitor, from its id, never from figures a browser
 * posts. Our side: the monitor's index for its own period (each side has its own: a municipality's
 * term rarely matches a state's) and the money per procedure type under the one rule for money,
 * from the figures engine. A side on another server is read through the guarded client.
 */

/** A side of ours: the monitor's index and its money and counts in the period. */
export async function localSide(
  deps: AppDeps,
  organization: OrganizationRow,
  administrationPeriod?: string,
): Promise<ComparisonSide> {
  // The index and the money of its period at the same time (the period is known before the index).
  const period = await indexPeriod(deps, organization, administrationPeriod);
  const [index, byType] = await Promise.all([
    corruptionIndex(deps, organization, period ?? undefined),
    period
      ? figures(deps, organization, {
          filters: { administrationPeriods: [period] },
          grouping: 'procedureType',
        })
      : [],
  ]);
  const sums = sumByType(byType);
  const share = (amount: number) => (sums.total > 0 ? amount / sums.total : null);
  return {
    organization: {
      _id: organization.id,
      name: organization.name,
      shortName: organization.shortName,
      color: organization.color,
      url: null,
    },
    corruptionIndex: index.corruptionIndex,
    calculationsInfo: index.calculationsInfo.map((item) => ({
      name: item.name,
      description: item.description,
      displayForm: item.displayForm,
      result: item.result,
      hash: item.hash,
    })),
    totals: {
      public: sums.public,
      invitation: sums.invitation,
      noBid: sums.noBid,
      total: sums.total,
      publicPercent: share(sums.public),
      invitationPercent: share(sums.invitation),
      noBidPercent: share(sums.noBid),
    },
    counts: {
      public: sums.publicCount,
      invitation: sums.invitationCount,
      noBid: sums.noBidCount,
      total: sums.publicCount + sums.invitationCount + sums.noBidCount,
    },
    administrationPeriod: period,
    administrationPeriods: index.administrationPeriods,
    insufficientData: index.insufficientData,
    methodKey: index.corruptionIndex?.hash ?? null,
  };
}

/**
 * The base address of another server from what a visitor typed (scheme, host and port only; http
 * when no scheme is given), or null when the text is not an address.
 */
export function peerBase(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const hasScheme = /^https?:\/\//i.test(trimmed);
  // Another scheme (ftp://, file://…) is never an address we call.
  if (!hasScheme && /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return null;
  // Without a scheme, a dot or a port makes it an address; anything else is a name.
  if (!hasScheme && !/[.:]/.test(trimmed)) return null;
  try {
    return new URL(hasScheme ? trimmed : `http://${trimmed}`).origin;
  } catch {
    return null;
  }
}

/** A peer's failure as the page says it (422: the visitor's address, not our server, failed). */
function peerFailure(error: unknown): never {
  if (error instanceof OutboundError) throw new AppError('UNPROCESSABLE', error.message);
  throw error;
}

/** A side on another server, as that server computes it. */
export async function remoteSide(
  deps: AppDeps,
  base: string,
  id: string,
  administrationPeriod?: string,
): Promise<ComparisonSide> {
  const query = new URLSearchParams({ id });
  if (administrationPeriod) query.set('administrationPeriod', administrationPeriod);
  const answer = await deps.outbound
    .getJson(`${base}/public-api/comparations/detail/?${query}`, PeerDetailSchema)
    .catch(peerFailure);
  const data = answer.data;
  const share = (amount: number) => (data.totals.total > 0 ? amount / data.totals.total : null);
  const index = data.corruptionIndex;
  return {
    organization: {
      ...data.organization,
      shortName: data.organization.shortName || data.organization.name,
      url: base,
    },
    corruptionIndex: index ? { ...index, url: base } : null,
    calculationsInfo: data.calculationsInfo,
    totals: {
      ...data.totals,
      publicPercent: share(data.totals.public),
      invitationPercent: share(data.totals.invitation),
      noBidPercent: share(data.totals.noBid),
    },
    counts: data.counts,
    administrationPeriod: data.administrationPeriod ?? index?.administrationPeriod ?? null,
    administrationPeriods: data.administrationPeriods ?? [],
    insufficientData: data.insufficientData ?? false,
    methodKey: data.methodKey ?? index?.hash ?? null,
  };
}

/**
 * One side of a comparison by what a page names: a monitor of ours by id, or monitor `id` of the
 * server at `url`. Used by the detail call and by the comparison's downloads, which recompute both
 * sides and never take figures from the browser.
 */
export async function sideOf(
  deps: AppDeps,
  id: string,
  url: string | undefined,
  administrationPeriod: string | undefined,
): Promise<ComparisonSide> {
  if (url) {
    const base = peerBase(url);
    if (!base) throw new AppError('BAD_REQUEST', 'La dirección del otro monitor no es válida.');
    return remoteSide(deps, base, id, administrationPeriod);
  }
  return localSide(deps, await organizationById(deps.organizations, id), administrationPeriod);
}

/**
 * The search box of /comparations: a name searches this installation's monitors; an address lists
 * the other server's monitors (its /public-api/organizations/local/list, the original's path).
 */
export async function searchMonitors(
  deps: AppDeps,
  search: string | undefined,
): Promise<{ docs: PeerOrganization[]; baseRemoteUrl: string | null }> {
  const base = search ? peerBase(search) : null;
  if (base) {
    const docs = await deps.outbound
      .getJson(`${base}/public-api/organizations/local/list`, PeerListSchema)
      .catch(peerFailure);
    return {
      docs: docs.map((doc) => ({
        _id: doc._id,
        name: doc.name,
        shortName: doc.shortName || doc.name,
        color: doc.color,
      })),
      baseRemoteUrl: base,
    };
  }
  const { rows } = await findOrganizations(deps.database.db, {
    search: search || undefined,
    offset: 0,
    limit: 200,
  });
  return { docs: rows.map(peerOrganization), baseRemoteUrl: null };
}

/** Our monitors as other servers list them: public fields only, no deleted ones. */
export async function localMonitors(deps: AppDeps): Promise<PeerOrganization[]> {
  const { rows } = await findOrganizations(deps.database.db, { offset: 0, limit: 1_000 });
  return rows.map(peerOrganization);
}

function peerOrganization(row: OrganizationRow): PeerOrganization {
  return { _id: row.id, name: row.name, shortName: row.shortName, color: row.color };
}

/**
 * A comparison shown to a visitor of `from` (the organization header of the page): recorded among
 * its recent ones, unless the side is the monitor itself. Only a side that was computed (ours) or
 * read and validated (another server's) is recorded: never a name or colour someone posts.
 */
export async function recordShown(
  deps: AppDeps,
  from: OrganizationRow,
  target: ComparisonSide['organization'],
): Promise<void> {
  if (!target.url && target._id === from.id) return;
  await recordComparison(
    deps.database.db,
    from.id,
    { id: target._id, name: target.shortName || target.name, color: target.color, remoteUrl: target.url },
    deps.now(),
  );
}

/** A monitor's recent comparisons as the original's clients read them (target, targetName, color, remoteUrl). */
export async function recent(deps: AppDeps, organization: OrganizationRow) {
  return (await recentComparisons(deps.database.db, organization.id)).map((row) => ({
    _id: row.id,
    target: row.targetId,
    targetName: row.targetName,
    color: row.color,
    remoteUrl: row.remoteUrl,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * POST /public-api/comparations/save, kept for the original's clients: the target is looked up
 * (ours) or read from its server (another one), so only monitors that exist or answer are kept.
 */
export async function saveComparison(
  deps: AppDeps,
  from: OrganizationRow,
  target: string,
  url: string | undefined,
): Promise<void> {
  // Another server's monitor is read from it (the side it answers); ours is only looked up.
  if (url) {
    await recordShown(deps, from, (await sideOf(deps, target, url, undefined)).organization);
    return;
  }
  const organization = await organizationById(deps.organizations, target);
  await recordShown(deps, from, { ...peerOrganization(organization), url: null });
}
