import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FileKind } from '../../../shared/constants/enums';
import type { Database } from '../../db/client';
import { files, organizations, resources, users } from '../../db/schema';
import type { CheckedImage } from '../../lib/images';

export type FileRow = typeof files.$inferSelect;

export async function findFile(db: Database, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/**
 * Stores an uploaded image already checked by content (lib/images): `{name}.{extension}`, its
 * real type, size and SHA-256. Returns the new file's id.
 */
export async function insertImageFile(
  db: Database,
  input: {
    kind: FileKind;
    organizationId: string | null;
    name: string;
    data: Buffer;
    image: CheckedImage;
    createdBy: string;
  },
): Promise<string> {
  const [file] = await db
    .insert(files)
    .values({
      organizationId: input.organizationId,
      kind: input.kind,
      filename: `${input.name}.${input.image.extension}`,
      mimeType: input.image.mimeType,
      size: input.data.length,
      sha256: createHash('sha256').update(input.data).digest('hex'),
      data: input.data,
      createdBy: input.createdBy,
    })
    .returning({ id: files.id });
  return file!.id;
}

/** Deletes a replaced image (cover, picture, resource image) once no monitor, resource or user refers to it. */
export async function deleteImageIfUnused(db: Database, fileId: string): Promise<void> {
  await db
    .delete(files)
    .where(
      and(
        eq(files.id, fileId),
        sql`NOT EXISTS (SELECT 1 FROM ${organizations} WHERE ${organizations.coverFileId} = ${fileId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${resources} WHERE ${resources.imageFileId} = ${fileId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.profilePictureFileId} = ${fileId})`,
      ),
    );
}
