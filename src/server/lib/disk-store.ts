import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './object-store';

/** Keys of the disk store start with this, so a key says which store holds its bytes. */
export const DISK_KEY_PREFIX = 'disk/';

/**
 * An object store in a folder on this machine (`DATA_DIR/files`): where the embedded installation
 * keeps the backup copies of documents. PGlite answers one query at a time on the main thread, so
 * a copy kept in the database held every other request while it was written or read (issue 27);
 * a file is read and written by the operating system, and `DATA_DIR` is what an embedded
 * installation backs up anyway. A file is written under a temporary name, flushed and renamed:
 * a reader never sees half of one.
 */
export function createDiskStore(dir: string): ObjectStore {
  const fileOf = (key: string): string => {
    const relative = key.startsWith(DISK_KEY_PREFIX) ? key.slice(DISK_KEY_PREFIX.length) : '';
    if (!/^[\w-]+(\/[\w-]+)*$/.test(relative)) throw new Error(`not a key of the disk store: ${key}`);
    return path.join(dir, relative);
  };
  return {
    label: `disk ${dir}`,
    keyPrefix: DISK_KEY_PREFIX,
    async put(key, body, _mime) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.part`;
      try {
        // `flush`: the bytes are on the disk before the file takes its name.
        await pipeline(body, createWriteStream(partial, { flags: 'wx', flush: true }));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key): Promise<Readable> {
      // Opened now, so a missing file fails here rather than midway through an answer.
      const handle = await open(fileOf(key), 'r');
      return handle.createReadStream();
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
