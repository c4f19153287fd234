import { CONTRACT_DOCUMENT_FIELDS, type ContractDocument } from '../../../shared/constants/enums';

export type DocumentField = (typeof CONTRACT_DOCUMENT_FIELDS)[ContractDocument];

/** A link as it is registered: trimmed, and whether it is an address we may fetch (http or https with a host). */
export interface DocumentLink {
  url: string;
  host: string;
  fetchable: boolean;
}

/**
 * The address fetched for a link: the link itself, or http:// before one written 'www.…' (the
 * contract form accepts those, as the government's sheets write them).
 */
export function fetchAddress(url: string): string {
  return /^www\./i.test(url) ? `http://${url}` : url;
}

/** The link a contract field holds, or null for an empty one. */
export function documentLink(value: unknown): DocumentLink | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (!url) return null;
  try {
    const parsed = new URL(fetchAddress(url));
    const web = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
    return { url, host: web ? parsed.hostname.toLowerCase() : '', fetchable: web };
  } catch {
    return { url, host: '', fetchable: false };
  }
}

/** Every document link of some contracts' values, once each. */
export function documentLinksOf(rows: Iterable<Partial<Record<DocumentField, unknown>>>): DocumentLink[] {
  const links: DocumentLink[] = [];
  for (const row of rows)
    for (const field of Object.values(CONTRACT_DOCUMENT_FIELDS)) {
      const link = documentLink(row[field]);
      if (link) links.push(link);
    }
  return onceEach(links);
}

/** Links once each (by address, the first one kept). */
export function onceEach(links: Iterable<DocumentLink>): DocumentLink[] {
  const byUrl = new Map<string, DocumentLink>();
  for (const link of links) if (!byUrl.has(link.url)) byUrl.set(link.url, link);
  return [...byUrl.values()];
}
