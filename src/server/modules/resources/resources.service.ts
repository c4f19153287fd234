import { RESOURCE_MESSAGES } from '../../../shared/schemas/catalogues';
import { RESOURCE_GROUP_KEYS, type ResourceGroups } from '../../../shared/schemas/resources';
import { AppError, notFound } from '../../lib/errors';
import type { CheckedImage } from '../../lib/images';
import type { AppDeps } from '../../types';
import { resourceCatalogue } from './resources.catalogue';
import { findResources, type ResourceRow, replaceResourceImage } from './resources.repository';

/** Resources shown at most per group: the page lists them all, within reason. */
const PER_GROUP = 500;

/** The monitor's published resources grouped by classification, newest first, at most 500 a group. */
export async function publicResources(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  search: string | undefined,
): Promise<ResourceGroups> {
  const rows = await findResources(deps.database.db, organizationId, { search, limit: PER_GROUP * 4 });
  const groups: ResourceGroups = { article: [], notes: [], legalFramework: [], website: [] };
  for (const row of rows) {
    const group = groups[RESOURCE_GROUP_KEYS[row.classification]];
    if (group.length >= PER_GROUP) continue;
    // The catalogue's presenter; the public answer's schema leaves out its updatedAt.
    group.push(resourceCatalogue.present(row));
  }
  return groups;
}

/** An article's new picture in place of the old one; 404 for no resource of the monitor, 400 for one that is no article. */
export async function setResourceImage(
  deps: Pick<AppDeps, 'database' | 'now'>,
  input: { organizationId: string; resourceId: string; data: Buffer; image: CheckedImage; createdBy: string },
): Promise<ResourceRow> {
  const row = await replaceResourceImage(deps.database.db, input, deps.now());
  if (row === 'missing') throw notFound(RESOURCE_MESSAGES.notFound);
  if (row === 'notArticle') throw new AppError('BAD_REQUEST', 'Solo los artículos llevan imagen.');
  return row;
}
