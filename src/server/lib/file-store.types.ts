import type { Readable } from 'node:stream';

/** What `put` accepts: bytes already in memory, or a stream read as it arrives. */
export type FileInput = Buffer | Readable | AsyncIterable<Uint8Array>;

export interface PutOptions {
  /** The type the bytes were found to be (checked by content by the caller). */
  mime: string;
  /** More bytes than this refuse the whole file (413) and store nothing. */
  maxBytes: number;
}

export interface PutResult {
  id: string;
  sha256: string;
  size: number;
}

export interface StoredFile {
  mime: string;
  size: number;
  sha256: string;
  /** The bytes, read piece by piece as the stream is consumed (never the whole file at once). */
  stream: Readable;
}

/**
 * Where file bytes live (covers, pictures, resource images; document backups later). Contents are
 * addressed by an opaque id and stored once per SHA-256 and type: storing the same bytes again
 * answers the existing id. What a file is for (kind, monitor, name) stays in `files`, which refers
 * to a content by that id.
 */
export interface FileStore {
  put(input: FileInput, options: PutOptions): Promise<PutResult>;
  /** The content, or undefined when there is none of that id. */
  get(id: string): Promise<StoredFile | undefined>;
  /** Deletes the content unless a file still refers to it; true when it was deleted. */
  deleteIfUnused(id: string): Promise<boolean>;
  /**
   * Moves a content kept in the database's chunks to the object store (true when it did): a
   * reader of it at that moment goes on from the object. Needs an object store.
   */
  moveToObjects(id: string): Promise<boolean>;
}
