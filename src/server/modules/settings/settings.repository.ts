import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { CheckedImage } from '../../lib/images';
import type { OrganizationRow } from '../../types';
import { deleteImageIfUnused, insertImageFile } from '../files/files.service';

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
    const fileId = await insertImageFile(tx, {
      kind: 'COVER',
      organizationId,
      name: 'portada',
      data: upload.data,
      image: upload.image,
      createdBy: upload.createdBy,
    });
    const [row] = await tx
      .update(organizations)
      .set({ coverFileId: fileId, updatedAt: now })
      .where(eq(organizations.id, organizationId))
      .returning();
    if (current.coverFileId) await deleteImageIfUnused(tx, current.coverFileId);
    return row;
  });
}
