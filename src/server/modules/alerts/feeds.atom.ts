/**
 * A small Atom 1.0 writer (RFC 4287) for the monitor feeds (decision 0053). Written here rather
 * than with the `feed` package: that one sends titles and summaries as `type="html"` in CDATA (a
 * contract description holding `<` or `&` would reach readers as markup), without `xml:lang`, and
 * without the links' types. Every text is plain text (`type="text"`), escaped, with the characters
 * XML 1.0 cannot carry removed; every date is RFC 3339 in UTC.
 */

export interface AtomLink {
  href: string;
  rel: 'self' | 'alternate' | 'related';
  type: string;
  title?: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  updated: Date;
  published?: Date;
  summary: string;
  links: AtomLink[];
  categories?: { term: string; label: string }[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  updated: Date;
  author: { name: string; uri: string };
  links: AtomLink[];
  entries: AtomEntry[];
}

/** Whether a code point is one of XML 1.0's `Char` (no controls but tab and newlines, no lone surrogate, no U+FFFE/U+FFFF). */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data or an attribute value: escaped, and what XML cannot carry dropped. */
export function xmlText(value: string): string {
  let carried = '';
  // By code point: a lone surrogate comes alone and is dropped, a pair passes whole.
  for (const char of value) if (isXmlChar(char.codePointAt(0)!)) carried += char;
  return carried.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const date = (value: Date) => value.toISOString();

function link({ href, rel, type, title }: AtomLink): string {
  const titled = title ? ` title="${xmlText(title)}"` : '';
  return `<link rel="${rel}" type="${xmlText(type)}" href="${xmlText(href)}"${titled}/>`;
}

function entry(item: AtomEntry): string {
  return [
    '  <entry>',
    `    <id>${xmlText(item.id)}</id>`,
    `    <title type="text">${xmlText(item.title)}</title>`,
    `    <updated>${date(item.updated)}</updated>`,
    ...(item.published ? [`    <published>${date(item.published)}</published>`] : []),
    ...item.links.map((l) => `    ${link(l)}`),
    ...(item.categories ?? []).map(
      (c) => `    <category term="${xmlText(c.term)}" label="${xmlText(c.label)}"/>`,
    ),
    `    <summary type="text">${xmlText(item.summary)}</summary>`,
    '  </entry>',
  ].join('\n');
}

/** The feed document, UTF-8, in Spanish. */
export function atomDocument(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">',
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`] : []),
    `  <updated>${date(feed.updated)}</updated>`,
    `  <author><name>${xmlText(feed.author.name)}</name><uri>${xmlText(feed.author.uri)}</uri></author>`,
    '  <generator>Vigía</generator>',
    ...feed.links.map((l) => `  ${link(l)}`),
    ...feed.entries.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
