import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * The zip container of an .xlsx, read from its central directory: entries are found and inflated
 * one at a time (small ones whole, the sheet as a stream), never the whole archive at once.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedBytes: number;
  uncompressedBytes: number;
  localHeader: number;
}

/** A zip's entries as its central directory lists them (nothing inflated), or null when unreadable. */
export function zipEntries(zip: Buffer): ZipEntry[] | null {
  // The end-of-central-directory record: within the last 64 KiB + 22 bytes.
  const from = Math.max(0, zip.length - 65_557);
  let end = -1;
  for (let offset = zip.length - 22; offset >= from; offset--) {
    if (zip.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameBytes = zip.readUInt16LE(offset + 28);
    entries.push({
      name: zip.toString('utf8', offset + 46, offset + 46 + nameBytes),
      method: zip.readUInt16LE(offset + 10),
      compressedBytes: zip.readUInt32LE(offset + 20),
      uncompressedBytes: zip.readUInt32LE(offset + 24),
      localHeader: zip.readUInt32LE(offset + 42),
    });
    offset += 46 + nameBytes + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The first worksheet's entry. */
export function firstSheetEntry(entries: readonly ZipEntry[]): ZipEntry | undefined {
  return (
    entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml') ??
    entries.find((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name))
  );
}

/** An entry's stored (compressed) bytes. */
export function entryData(zip: Buffer, entry: ZipEntry): Buffer {
  if (entry.localHeader + 30 > zip.length) return Buffer.alloc(0);
  const start =
    entry.localHeader +
    30 +
    zip.readUInt16LE(entry.localHeader + 26) +
    zip.readUInt16LE(entry.localHeader + 28);
  return zip.subarray(start, start + entry.compressedBytes);
}

/** A small entry (relationships, styles, the workbook part), inflated whole; '' when unreadable. */
export function inflated(zip: Buffer, entry: ZipEntry): string {
  const data = entryData(zip, entry);
  if (entry.method === 0) return data.toString('utf8');
  try {
    return inflateRawSync(data, { maxOutputLength: 16 * 1024 * 1024 }).toString('utf8');
  } catch {
    return '';
  }
}

/** An entry's bytes inflated as a stream (the sheet and its shared strings). */
export function entryStream(zip: Buffer, entry: ZipEntry): Readable {
  const source = Readable.from([entryData(zip, entry)]);
  return entry.method === 0 ? source : source.pipe(createInflateRaw());
}
