import { OCDS_VERSION } from './release';

/**
 * OCDS 1.1.5 packages around releases (decision 0051): a release package (a page of releases, a
 * bulk file) and a record package (a contracting process's releases and its compiled release).
 * Every release is a whole snapshot of its contract, so a process's compiled release is its newest
 * release, tagged `compiled`: the record's compiled release is the data as it stands now.
 */

/** The beneficial owners extension (parties' `beneficialOwners`), as the extension registry lists it. */
export const BENEFICIAL_OWNERS_EXTENSION =
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_beneficialOwners_extension/master/extension.json';

/** The pagination extension (a package's `links.next`), for the pages of the releases API. */
export const PAGINATION_EXTENSION =
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_pagination_extension/master/extension.json';

/** The portal's own extension (the `vigia` object of a release), served by the portal itself. */
export const vigiaExtensionUrl = (publicUrl: string) =>
  `${publicUrl}/public-api/ocds/extension/extension.json`;

export interface PackageMeta {
  /** The package's own absolute URL. */
  uri: string;
  publishedDate: Date;
  /** The monitor or the installation that publishes. */
  publisher: { name: string; uri?: string };
  license: string;
  publicUrl: string;
}

/** What every package says about itself: version, extensions, publisher, licence and policy. */
export function packageHead(meta: PackageMeta) {
  return {
    uri: meta.uri,
    version: OCDS_VERSION,
    extensions: [BENEFICIAL_OWNERS_EXTENSION, vigiaExtensionUrl(meta.publicUrl)],
    publishedDate: meta.publishedDate.toISOString(),
    publisher: meta.publisher,
    license: meta.license,
    publicationPolicy: `${meta.publicUrl}/open-data`,
  };
}

type Release = Record<string, unknown> & { ocid: string; id: string; date: string };

/** An OCDS package: what it says about itself and its releases or records. */
export type Package = Record<string, unknown> & { uri: string; version: string };

/** A release package of at least one release (the standard allows no empty package). */
export function releasePackage(meta: PackageMeta, releases: readonly Release[], next?: string): Package {
  if (releases.length === 0) throw new Error('a release package holds at least one release');
  if (!next) return { ...packageHead(meta), releases };
  const paged = packageHead(meta);
  return { ...paged, extensions: [...paged.extensions, PAGINATION_EXTENSION], releases, links: { next } };
}

/** A process's compiled release: its newest release (by date, then by id), tagged `compiled`. */
export function compiledRelease(releases: readonly Release[]): Release {
  if (releases.length === 0) throw new Error('a process has at least one release');
  const newest = [...releases]
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
    .at(-1)!;
  return { ...newest, id: `${newest.ocid}-compilado`, tag: ['compiled'] };
}

/** A record package of one process: its releases oldest first and its compiled release. */
export function recordPackage(meta: PackageMeta, releases: readonly Release[]): Package {
  const ordered = [...releases].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  return {
    ...packageHead(meta),
    packages: [meta.uri],
    records: [{ ocid: ordered[0]!.ocid, releases: ordered, compiledRelease: compiledRelease(ordered) }],
  };
}
