import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files, organizations, resources, users } from '../../db/schema';
import type { CheckedImage } from '../../lib/images';
import type { OrganizationRow } from '../../types';

/** The settings columns a change may write (theme and colour go together, cover through its own call). */
export type SettingsValues = Partial<
  Pick<
    OrganizationRow,
    | 'welcomeTitle'
    | 'title'
    | 'description'
    | 'contactEmail'
    | 'contactLocation'
    | 'address'
    | 'schedule'
    | 'additionalInformation'
    | 'socialUrl'
    | 'showBackgroundText'
    | 'round'
    | 'defaultAdministrationPeriod'
    | 'theme'
    | 'color'
  >
>;

/** Writes settings of one non-deleted monitor; undefined when it no longer exists. */
export async function updateSettings(
  db: Database,
  organizationId: string,
  values: SettingsValues,
  now: Date,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: now })
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
    .returning();
  return row;
}

/**
 * Stores a new cover for a monitor and points the monitor at it, in one transaction with the
 * monitor row locked (two uploads at once cannot both keep the old cover). The previous cover
 * file is deleted when nothing else refers to it.
 */
export async function replaceCover(
  db: Database,
  organizationId: string,
  upload: { data: Buffer; image: CheckedImage; createdBy: string },
  now: Date,
): Promise<OrganizationRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ coverFileId: organizations.coverFileId })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
      .for('update');
    if (!current) return undefined;
    const [file] = await tx
      .insert(files)
      .values({
        organizationId,
        kind: 'COVER',
        filename: `portada.${upload.image.extension}`,
        mimeType: upload.image.mimeType,
        size: upload.data.length,
        sha256: createHash('sha256').update(upload.data).digest('hex'),
        data: upload.data,
        createdBy: upload.createdBy,
      })
      .returning({ id: files.id });
    const [row] = await tx
      .update(organizations)
      .set({ coverFileId: file!.id, updatedAt: now })
      .where(eq(organizations.id, organizationId))
      .returning();
    if (current.coverFileId) await deleteFileIfUnused(tx, current.coverFileId);
    return row;
  });
}

/** Deletes a cover file that no monitor, resource or user refers to any more. */
async function deleteFileIfUnused(db: Database, fileId: string): Promise<void> {
  await db
    .delete(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.kind, 'COVER'),
        sql`NOT EXISTS (SELECT 1 FROM ${organizations} WHERE ${organizations.coverFileId} = ${fileId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${resources} WHERE ${resources.imageFileId} = ${fileId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.profilePictureFileId} = ${fileId})`,
      ),
    );
}
