import { and, eq, sql } from 'drizzle-orm';
import type { FileKind } from '../../../shared/constants/enums';
import type { Database } from '../../db/client';
import { files, organizations, resources, users } from '../../db/schema';
import { fileStore } from '../../lib/file-store';
import type { CheckedImage } from '../../lib/images';

export type FileRow = typeof files.$inferSelect;

export async function findFile(db: Database, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/**
 * Stores an uploaded image already checked by content (lib/images): its bytes in the file store
 * (kept once for equal bytes), and a file `{name}.{extension}` of this kind referring to them.
 * Returns the new file's id.
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
  const content = await fileStore(db).put(input.data, {
    mime: input.image.mimeType,
    maxBytes: input.data.length,
  });
  const [file] = await db
    .insert(files)
    .values({
      organizationId: input.organizationId,
      kind: input.kind,
      filename: `${input.name}.${input.image.extension}`,
      contentId: content.id,
      createdBy: input.createdBy,
    })
    .returning({ id: files.id });
  return file!.id;
}

/**
 * Deletes a replaced image (cover, picture, resource image) once no monitor, resource or user
 * refers to it, then its bytes once no other file shares them.
 */
export async function deleteImageIfUnused(db: Database, fileId: string): Promise<void> {
  const deleted = await db
    .delete(files)
    .where(
      and(
        eq(files.id, fileId),
        sql`NOT EXISTS (SELECT 1 FROM ${organizations} WHERE ${organizations.coverFileId} = ${fileId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${resources} WHERE ${resources.imageFileId} = ${fileId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.profilePictureFileId} = ${fileId})`,
      ),
    )
    .returning({ contentId: files.contentId });
  for (const { contentId } of deleted) await fileStore(db).deleteIfUnused(contentId);
}
