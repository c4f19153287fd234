import type { Readable } from 'node:stream';

/**
 * An S3-compatible object store for the backup copies of documents (FILE_STORAGE_URL, decision
 * 0037): a cloud bucket or a MinIO of the association's own. Objects stream in (multipart for large
 * ones) and out, never whole in memory. The database keeps which content is where.
 */
export interface ObjectStore {
  /** Stores the bytes under `key` as they arrive; fails (and keeps nothing) if the stream fails. */
  put(key: string, body: Readable, mime: string): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** A short description for logs: the bucket and the endpoint, never the credentials. */
  readonly label: string;
  /** What the keys this store writes start with ('' for the S3 store, `disk/` for the disk store). */
  readonly keyPrefix?: string;
}

/**
 * Where the backup copies' bytes go, and where each recorded key is read from: the S3 store when
 * FILE_STORAGE_URL is set, else the disk store on the embedded database (issue 27), else none (the
 * database's chunks). Keys the disk store wrote are read from it even once copies go to a bucket,
 * so nothing already copied is lost by a change of setting.
 */
export function fileObjects(remote: ObjectStore | null, disk: ObjectStore | null): ObjectStore | null {
  if (!remote || !disk) return remote ?? disk;
  const holder = (key: string) => (disk.keyPrefix && key.startsWith(disk.keyPrefix) ? disk : remote);
  return {
    label: remote.label,
    keyPrefix: remote.keyPrefix,
    put: (key, body, mime) => remote.put(key, body, mime),
    get: (key) => holder(key).get(key),
    delete: (key) => holder(key).delete(key),
  };
}

export interface ObjectStoreTarget {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * `s3://ACCESS_KEY:SECRET_KEY@bucket/prefix?endpoint=http://127.0.0.1:9000&region=us-east-1`:
 * without credentials, the SDK's usual chain (environment, instance role); without endpoint, AWS.
 */
export function parseStorageUrl(text: string): ObjectStoreTarget {
  const url = new URL(text);
  if (url.protocol !== 's3:') throw new Error('must start with s3://');
  const bucket = decodeURIComponent(url.hostname);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error('must name a valid bucket');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('endpoint must be an http(s) address');
  return {
    bucket,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: url.searchParams.get('region') ?? 'us-east-1',
    ...(url.username
      ? {
          credentials: {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          },
        }
      : {}),
  };
}

/**
 * The AWS SDK, loaded when an object store is first used: most installations keep their copies in
 * the database, and every start (and every command-line script) would otherwise load it (~180 ms).
 */
type S3 = typeof import('@aws-sdk/client-s3');
type Storage = typeof import('@aws-sdk/lib-storage');
let sdk: Promise<[S3, Storage]> | null = null;
const loadSdk = () => {
  sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return sdk;
};

export function createObjectStore(target: ObjectStoreTarget): ObjectStore {
  let ready: Promise<{ s3: S3; storage: Storage; client: InstanceType<S3['S3Client']> }> | null = null;
  const keyOf = (key: string) => (target.prefix ? `${target.prefix}/${key}` : key);
  // The client, and the bucket created on first use when it does not exist (a MinIO of one's own
  // starts empty); a failed check is tried again by the next use.
  const use = () => {
    ready ??= loadSdk()
      .then(async ([s3, storage]) => {
        const client = new s3.S3Client({
          region: target.region,
          ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
          ...(target.credentials ? { credentials: target.credentials } : {}),
        });
        await client.send(new s3.HeadBucketCommand({ Bucket: target.bucket })).catch(async () => {
          await client.send(new s3.CreateBucketCommand({ Bucket: target.bucket }));
        });
        return { s3, storage, client };
      })
      .catch((error: unknown) => {
        ready = null;
        throw error;
      });
    return ready;
  };
  return {
    keyPrefix: '',
    label: `s3://${target.bucket}${target.prefix ? `/${target.prefix}` : ''}${target.endpoint ? ` at ${target.endpoint}` : ''}`,
    async put(key, body, mime) {
      const { storage, client } = await use();
      const upload = new storage.Upload({
        client,
        params: { Bucket: target.bucket, Key: keyOf(key), Body: body, ContentType: mime },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      await upload.done();
    },
    async get(key) {
      const { s3, client } = await use();
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: target.bucket, Key: keyOf(key) }));
      return answer.Body as Readable;
    },
    async delete(key) {
      const { s3, client } = await use();
      await client.send(new s3.DeleteObjectCommand({ Bucket: target.bucket, Key: keyOf(key) }));
    },
  };
}
