import { createHash } from 'node:crypto';
import { PROCEDURE_TYPE_LABELS, type ProcedureType } from '../../../shared/constants/enums';
import { formatDate } from '../../../shared/format/dates';
import { formatCount, formatMoney } from '../../../shared/format/money';
import {
  ANY_RED_FLAG,
  RED_FLAG_CODES,
  RED_FLAG_DISCLAIMER,
  RED_FLAGS,
  type RedFlagCode,
} from '../../../shared/red-flags/definitions';
import { flagSentence, interpolate } from '../../../shared/red-flags/sentences';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AppDeps, OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import { settingsOf } from '../red-flags/red-flags.service';
import { type AtomEntry, type AtomLink, atomDocument } from './feeds.atom';
import {
  type FeedContractRow,
  type FeedLoadRow,
  type FeedScope,
  flagsOfContracts,
  recentContracts,
  recentLoads,
  supplierName,
  unitName,
} from './feeds.repository';

/**
 * The monitors' Atom feeds (issue 33, decision 0053): the whole monitor's new contracts and
 * confirmed data loads, or the new contracts of a supplier, a unit or a red flag, the 50 most
 * recent. Each feed is computed once per data version of its monitor (the result cache) and sent
 * as kept, with an ETag of its bytes. Flags are read as the write path and the refresh stored
 * them, never computed here.
 */

export type FeedsDeps = Pick<AppDeps, 'database' | 'cache' | 'config'>;

/** What a feed follows, as its address names it. */
export type FeedRequest =
  | { kind: 'monitor' }
  | { kind: 'supplier'; id: string }
  | { kind: 'unit'; id: string }
  | { kind: 'flag'; code: string };

export interface FeedAnswer {
  text: string;
  etag: string;
}

/** Entries of a feed at most. */
export const FEED_ENTRIES = 50;
/** The year of the feeds' tag URIs (RFC 4151): fixed, so that every id stays the same. */
const TAG_YEAR = 2026;
const HTML = 'text/html';
const ATOM = 'application/atom+xml';

const FLAG_NOT_FOUND = 'La señal de alerta solicitada no existe.';
const SUPPLIER_NOT_FOUND = 'El proveedor solicitado no existe.';
const UNIT_NOT_FOUND = 'La unidad administrativa solicitada no existe.';

/** The feed's path under the site (its `rel="self"`), as the routes answer it. */
export function feedPath(organizationId: string, request: FeedRequest): string {
  switch (request.kind) {
    case 'monitor':
      return `/feeds/${organizationId}.atom`;
    case 'supplier':
      return `/feeds/${organizationId}/suppliers/${request.id}.atom`;
    case 'unit':
      return `/feeds/${organizationId}/units/${request.id}.atom`;
    case 'flag':
      return `/feeds/${organizationId}/flags/${request.code}.atom`;
  }
}

/** The feed of `request` in the monitor, as kept for its data version; 404 when what it names is not there. */
export async function monitorFeed(
  deps: FeedsDeps,
  organization: OrganizationRow,
  request: FeedRequest,
): Promise<FeedAnswer> {
  if ((request.kind === 'supplier' || request.kind === 'unit') && !isUuid(request.id))
    throw notFound(request.kind === 'supplier' ? SUPPLIER_NOT_FOUND : UNIT_NOT_FOUND);
  if (request.kind === 'flag' && request.code !== ANY_RED_FLAG && !isFlagCode(request.code))
    throw notFound(FLAG_NOT_FOUND);
  const normalised = 'id' in request ? { ...request, id: request.id.toLowerCase() } : request;
  return deps.cache.get(resultKey(organization, 'feed', normalised), async () => {
    const text = await feedText(deps, organization, normalised);
    return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
  });
}

function isFlagCode(code: string): code is RedFlagCode {
  return (RED_FLAG_CODES as readonly string[]).includes(code);
}

/** Links to the portal's pages naming the monitor, as shared links do (`?changeOrganization=`). */
function portal(deps: FeedsDeps, organization: OrganizationRow) {
  const base = deps.config.publicUrl;
  return (path: string, query: Record<string, string> = {}) =>
    `${base}${path}?${new URLSearchParams({ ...query, changeOrganization: organization.id })}`;
}

async function feedText(
  deps: FeedsDeps,
  organization: OrganizationRow,
  request: FeedRequest,
): Promise<string> {
  const { db } = deps.database;
  const page = portal(deps, organization);
  const host = new URL(deps.config.publicUrl).hostname;
  const tag = (path: string) => `tag:${host},${TAG_YEAR}:${organization.id}${path}`;
  const described = await describe(deps, organization, request);
  const contracts = await recentContracts(db, organization.id, described.scope, FEED_ENTRIES);
  const flags = described.flagCodes.length
    ? await flagsOfContracts(
        db,
        organization.id,
        contracts.map((c) => c.id),
        described.flagCodes,
      )
    : [];
  const contractEntries = contracts.map((row) =>
    contractEntry(
      row,
      flags.filter((f) => f.contractId === row.id),
      tag,
      page,
    ),
  );
  const loadEntries =
    request.kind === 'monitor'
      ? (await recentLoads(db, organization.id, FEED_ENTRIES)).map((row) => loadEntry(row, tag, page))
      : [];
  const entries = newestFirst(contractEntries, loadEntries).slice(0, FEED_ENTRIES);
  const newest = Math.max(0, ...entries.map((e) => e.updated.getTime()));
  const self = `${deps.config.publicUrl}${feedPath(organization.id, request)}`;
  return atomDocument({
    id: tag(described.idPath),
    title: `${organization.name}: ${described.title}`,
    subtitle: described.subtitle,
    updated: newest ? new Date(newest) : (organization.contractsUpdatedAt ?? organization.createdAt),
    author: { name: organization.name, uri: page('/') },
    links: [
      { rel: 'self', type: ATOM, href: self },
      { rel: 'alternate', type: HTML, href: described.alternate(page) },
    ],
    entries,
  });
}

/** Two lists, each newest first, merged by publication, each keeping its own order. */
function newestFirst(a: AtomEntry[], b: AtomEntry[]): AtomEntry[] {
  const merged: AtomEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const takeB = i >= a.length || (j < b.length && b[j]!.published! > a[i]!.published!);
    merged.push(takeB ? b[j++]! : a[i++]!);
  }
  return merged;
}

interface Described {
  scope: FeedScope;
  /** The flags whose sentences the entries say. */
  flagCodes: readonly RedFlagCode[];
  idPath: string;
  title: string;
  subtitle?: string;
  alternate: (page: ReturnType<typeof portal>) => string;
}

/** What the feed lists, its title and its page on the portal; 404 for a supplier or unit not in the monitor. */
async function describe(
  deps: FeedsDeps,
  organization: OrganizationRow,
  request: FeedRequest,
): Promise<Described> {
  const { db } = deps.database;
  switch (request.kind) {
    case 'monitor':
      return {
        scope: { kind: 'monitor' },
        flagCodes: [],
        idPath: '/feed',
        title: 'contratos nuevos y cargas de datos',
        alternate: (page) => page('/contracts'),
      };
    case 'supplier': {
      const name = await supplierName(db, organization.id, request.id);
      if (name === undefined) throw notFound(SUPPLIER_NOT_FOUND);
      return {
        scope: { kind: 'supplier', id: request.id },
        flagCodes: [],
        idPath: `/supplier/${request.id}`,
        title: `contratos de ${name}`,
        alternate: (page) => page(`/suppliers/${request.id}`),
      };
    }
    case 'unit': {
      const name = await unitName(db, organization.id, request.id);
      if (name === undefined) throw notFound(UNIT_NOT_FOUND);
      return {
        scope: { kind: 'unit', id: request.id },
        flagCodes: [],
        idPath: `/unit/${request.id}`,
        title: `contratos de la unidad ${name}`,
        alternate: (page) => page('/contracts', { unidad: request.id }),
      };
    }
    case 'flag': {
      // Only the flags the monitor shows: a flag its administrators turned off lists nothing.
      const { enabled } = (await settingsOf(db, organization.id)).parameters;
      const codes = (request.code === ANY_RED_FLAG ? RED_FLAG_CODES : [request.code as RedFlagCode]).filter(
        (code) => enabled[code],
      );
      const named = request.code === ANY_RED_FLAG ? null : RED_FLAGS[request.code as RedFlagCode].name;
      return {
        scope: { kind: 'flag', codes },
        flagCodes: codes,
        idPath: `/flag/${request.code}`,
        title: named ? `contratos con la señal «${named}»` : 'contratos con alguna señal de alerta',
        subtitle: RED_FLAG_DISCLAIMER,
        alternate: (page) => page('/contracts', { senal: request.code }),
      };
    }
  }
}

function contractEntry(
  row: FeedContractRow,
  flags: { code: string; evidence: Record<string, unknown> }[],
  tag: (path: string) => string,
  page: ReturnType<typeof portal>,
): AtomEntry {
  const number = row.contractNumber ?? row.processId ?? 'Contrato sin número';
  const raised = RED_FLAG_CODES.filter((code) => flags.some((f) => f.code === code));
  const lines = [
    `Proveedor: ${row.supplier ?? 'sin proveedor'}`,
    `Tipo de procedimiento: ${PROCEDURE_TYPE_LABELS[row.procedureType as ProcedureType] ?? row.procedureType}`,
    `${row.contractType === 'OPEN' ? 'Monto máximo' : 'Monto'}: ${row.amount === null ? 'sin dato' : formatMoney(row.amount)}`,
    `Fecha del contrato: ${row.contractDate ? formatDate(row.contractDate) : 'sin dato'}`,
    ...raised.map((code) => {
      const sentence = flagSentence(code, flags.find((f) => f.code === code)?.evidence ?? {});
      return `Señal de alerta: ${RED_FLAGS[code].name}. ${interpolate(sentence.text, sentence.values)}`;
    }),
  ];
  const link: AtomLink = { rel: 'alternate', type: HTML, href: page(`/contracts/${row.id}`) };
  return {
    id: tag(`/contract/${row.id}`),
    title: row.description ? `${number}: ${row.description}` : number,
    updated: row.updatedAt,
    published: row.createdAt,
    summary: lines.join('\n'),
    links: [link],
    categories: raised.map((code) => ({ term: code, label: RED_FLAGS[code].name })),
  };
}

const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * A confirmed data load: when and what it brought. Who uploaded it is left out: the public site
 * never names the association's administrators.
 */
function loadEntry(
  row: FeedLoadRow,
  tag: (path: string) => string,
  page: ReturnType<typeof portal>,
): AtomEntry {
  const s = row.summary;
  const brought = s
    ? [
        counted(s.newContractsCount, 'contrato nuevo', 'contratos nuevos'),
        counted(s.newSuppliersCount, 'proveedor nuevo', 'proveedores nuevos'),
        counted(
          s.newAdministrativeUnitsCount,
          'unidad administrativa nueva',
          'unidades administrativas nuevas',
        ),
      ]
    : [];
  return {
    id: tag(`/data-load/${row.id}`),
    title: s ? `Carga de datos: ${brought[0]}` : 'Carga de datos',
    updated: row.confirmedAt,
    published: row.confirmedAt,
    summary: `Se confirmó una carga de datos el ${formatDate(row.confirmedAt)}${
      brought.length ? ` con ${brought.slice(0, -1).join(', ')} y ${brought.at(-1)}` : ''
    }.`,
    links: [{ rel: 'alternate', type: HTML, href: page('/contracts') }],
  };
}
