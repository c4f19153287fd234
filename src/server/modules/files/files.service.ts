import type { FileKind } from '../../../shared/constants/enums';
import { fileStore } from '../../lib/file-store';
import type { StoredFile } from '../../lib/file-store.types';
import { isUuid } from '../../lib/ids';
import type { AppDeps } from '../../types';
import { type FileRow, findFile } from './files.repository';

/**
 * What other modules do with image files (covers, pictures, resource images) inside their own
 * writes: their declared way to the file records, never the repository.
 */
export { deleteImageIfUnused, insertImageFile } from './files.repository';

/**
 * A stored file of a kind the caller serves, with its content opened as a stream (from the
 * database, the disk or the bucket, wherever the content is); undefined when the id names none.
 */
export async function openStoredFile(
  deps: Pick<AppDeps, 'database' | 'objects'>,
  id: string,
  accepts: (kind: FileKind) => boolean,
): Promise<{ file: FileRow; content: StoredFile } | undefined> {
  const file = isUuid(id) ? await findFile(deps.database.db, id) : undefined;
  if (!file || !accepts(file.kind)) return undefined;
  const content = await fileStore(deps.database.db, deps.objects).get(file.contentId);
  return content ? { file, content } : undefined;
}
