import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { resources } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import type { CheckedImage } from '../../lib/images';
import { catalogueStore } from '../catalogues/catalogue.repository';
import { deleteImageIfUnused, insertImageFile } from '../files/files.service';

export type ResourceRow = typeof resources.$inferSelect;

/**
 * A monitor's live resources, newest first, at most `limit`: optionally those whose title (accents
 * and case ignored) or address contains `search`.
 */
export async function findResources(
  db: Database,
  organizationId: string,
  options: { search?: string; limit: number },
): Promise<ResourceRow[]> {
  const { search } = options;
  return db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.organizationId, organizationId),
        isNull(resources.deletedAt),
        search
          ? or(
              sql`${resources.searchTitle} LIKE ${containsPattern(search)}`,
              sql`lower(${resources.url}) LIKE ${containsPattern(search)}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(options.limit);
}

/**
 * Gives a monitor's article a new image, with the resource row locked; the previous image is
 * deleted once unused. `missing` when there is no such resource, `notArticle` for other kinds.
 */
export async function replaceResourceImage(
  db: Database,
  input: { organizationId: string; resourceId: string; data: Buffer; image: CheckedImage; createdBy: string },
  now: Date,
): Promise<ResourceRow | 'missing' | 'notArticle'> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ imageFileId: resources.imageFileId, classification: resources.classification })
      .from(resources)
      .where(
        and(
          eq(resources.id, input.resourceId),
          eq(resources.organizationId, input.organizationId),
          isNull(resources.deletedAt),
        ),
      )
      .for('update');
    if (!current) return 'missing';
    if (current.classification !== 'ARTICLE') return 'notArticle';
    const fileId = await insertImageFile(tx, {
      kind: 'RESOURCE_IMAGE',
      organizationId: input.organizationId,
      name: 'recurso',
      data: input.data,
      image: input.image,
      createdBy: input.createdBy,
    });
    const [updated] = await tx
      .update(resources)
      .set({ imageFileId: fileId, updatedAt: now })
      .where(eq(resources.id, input.resourceId))
      .returning();
    if (current.imageFileId) await deleteImageIfUnused(tx, current.imageFileId);
    return updated!;
  });
}

/** The resources catalogue's table: searched by title (accents and case ignored) and address. */
export const resourceStore = catalogueStore({
  table: resources,
  sortable: {
    title: resources.title,
    url: resources.url,
    classification: resources.classification,
    createdAt: resources.createdAt,
  },
  search: (text) =>
    or(
      sql`${resources.searchTitle} LIKE ${containsPattern(text)}`,
      sql`lower(${resources.url}) LIKE ${containsPattern(text)}`,
    )!,
});
