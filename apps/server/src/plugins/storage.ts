import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENTS_BUCKET, documentMimeTypeForExtension, SIGNED_URL_TTL_SECONDS } from '@adwuma/shared';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig, S3Config } from '../config.ts';

export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

/** A set of files under relative keys (see isValidStorageKey). */
export interface FileArea {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  list(prefix?: string): Promise<StoredObject[]>;
}

/**
 * One private bucket of files (the identity documents). Keys are relative paths such as
 * `{userId}/front/{timestamp}-{random}.jpg`; files are reached by others only through signed URLs.
 * Beside it, `publicFiles`: files anyone may read, without a signature, at
 * `/api/files/public/{key}` (service photos; see kernel/files/public-images.ts).
 */
export interface FileStore extends FileArea {
  kind: 'local' | 's3';
  /** The bucket's name: provider-documents locally, S3_BUCKET on S3. */
  bucket: string;
  signedUrl(key: string, ttlSeconds?: number): Promise<SignedUrl>;
  /**
   * The public area: `${DATA_DIR}/storage/public/` locally, the prefix `public/` of the same
   * bucket on S3 (the bucket stays private; the server passes the files through).
   */
  publicFiles: FileArea;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * A key is a normalised relative path inside the bucket: segments of letters, digits, `.`, `_` and
 * `-`, none empty, none starting with a dot (so no `.` or `..`, and no clash with our temporary
 * files), at most 512 characters.
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  if (!/^[A-Za-z0-9._/-]+$/.test(key)) return false;
  if (path.posix.normalize(key) !== key || path.posix.isAbsolute(key)) return false;
  return key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'));
}

function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

const contentTypeOf = (key: string) =>
  documentMimeTypeForExtension(path.posix.extname(key).slice(1)) ?? 'application/octet-stream';

// ---- Local signed URLs ----------------------------------------------------------------------------

/** The signing key for local file URLs, derived from the app secret (never the secret itself). */
export function deriveUrlSigningKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'adwuma', 'adwuma/storage-url-signing/v1', 32));
}

/** Hex HMAC-SHA256 over bucket, key and expiry (unix seconds). */
export function signFileUrl(signingKey: Buffer, bucket: string, key: string, expires: number): string {
  return createHmac('sha256', signingKey).update(`${bucket}\n${key}\n${expires}`).digest('hex');
}

/**
 * The expiry of a signed URL as written by localFileUrl, or null: decimal digits without a leading
 * zero, nothing else (`1.0e9`, `0x…`, `0017…`, `…0.0` name the same second but are not the URL we
 * signed: one URL, one spelling).
 */
export function parseFileUrlExpiry(text: string | undefined): number | null {
  if (text === undefined || !/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const expires = Number(text);
  return Number.isSafeInteger(expires) ? expires : null;
}

/** Whether `sig` is the signature of bucket + key + expires (constant-time comparison). */
export function verifyFileUrlSignature(
  signingKey: Buffer,
  bucket: string,
  key: string,
  expires: number,
  sig: string,
): boolean {
  if (!/^[0-9a-f]{64}$/.test(sig)) return false;
  const expected = Buffer.from(signFileUrl(signingKey, bucket, key, expires), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}

/** The path of a local signed URL: `/api/files/{bucket}/{key}?expires=…&sig=…`. */
export function localFileUrl(signingKey: Buffer, bucket: string, key: string, expires: number): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  return `/api/files/${bucket}/${encoded}?expires=${expires}&sig=${signFileUrl(signingKey, bucket, key, expires)}`;
}

// ---- Local folder -----------------------------------------------------------------------------------

export interface LocalFileStore extends FileStore {
  kind: 'local';
  root: string;
  signingKey: Buffer;
}

/** Files in the folder `root`, written atomically (temp + rename); keys can never leave it. */
function createLocalArea(folder: string): FileArea {
  const root = path.resolve(folder);

  function fileFor(key: string): string {
    assertKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  async function walk(dir: string, relative: string, out: StoredObject[]): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // temporary files of writes in progress
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, key, out);
      else if (entry.isFile()) out.push({ key, lastModified: (await fs.stat(full)).mtime });
    }
  }

  return {
    async put(key, bytes) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        await fs.writeFile(temp, bytes, { mode: 0o600 });
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return { bytes: await fs.readFile(fileFor(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async list(prefix = '') {
      const out: StoredObject[] = [];
      await walk(root, '', out);
      return out.filter((o) => o.key.startsWith(prefix)).sort((a, b) => a.key.localeCompare(b.key));
    },
  };
}

/**
 * Files in `{root}` (`${DATA_DIR}/storage/provider-documents`); the public area in `{publicRoot}`,
 * by default the folder `public` beside root (`${DATA_DIR}/storage/public`).
 */
export function createLocalStore(options: {
  root: string;
  signingKey: Buffer;
  publicRoot?: string;
}): LocalFileStore {
  const root = path.resolve(options.root);
  const bucket = DOCUMENTS_BUCKET;
  return {
    kind: 'local',
    bucket,
    root,
    signingKey: options.signingKey,
    ...createLocalArea(root),
    publicFiles: createLocalArea(options.publicRoot ?? path.join(path.dirname(root), 'public')),
    async signedUrl(key, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
      assertKey(key);
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return {
        url: localFileUrl(options.signingKey, bucket, key, expires),
        expiresAt: new Date(expires * 1000),
      };
    },
  };
}

// ---- S3-compatible ----------------------------------------------------------------------------------

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** The objects of `Bucket` whose keys start with `prefix`, addressed without it. */
function createS3Area(client: S3Client, Bucket: string, prefix: string): FileArea {
  const full = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: full(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        const bytes = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: result.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async list(startsWith = '') {
      const out: StoredObject[] = [];
      let ContinuationToken: string | undefined;
      const Prefix = `${prefix}${startsWith}`;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ...(Prefix ? { Prefix } : {}), ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) {
            out.push({ key: item.Key.slice(prefix.length), lastModified: item.LastModified ?? new Date(0) });
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out;
    },
  };
}

/** Where the public area lives in an S3 bucket. Document keys never start so (they start with a user id). */
export const S3_PUBLIC_PREFIX = 'public/';

/**
 * The bucket S3_* names; signed URLs are presigned GetObject requests. The public area is the
 * prefix `public/` of the same (private) bucket: the server serves it, so no bucket policy is needed.
 */
export function createS3Store(config: S3Config): FileStore & { client: S3Client } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    bucket: Bucket,
    client,
    ...createS3Area(client, Bucket, ''),
    publicFiles: createS3Area(client, Bucket, S3_PUBLIC_PREFIX),
    async signedUrl(key, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
      assertKey(key);
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: 'inline' }),
        { expiresIn: ttlSeconds },
      );
      return { url, expiresAt };
    },
  };
}

/** The origin S3 signed URLs point at (for the Content-Security-Policy), or null without S3. */
export function s3Origin(config: S3Config | null): string | null {
  if (!config) return null;
  try {
    const url = new URL(config.endpoint);
    return config.forcePathStyle ? url.origin : `${url.protocol}//${config.bucket}.${url.host}`;
  } catch {
    return null;
  }
}

/**
 * S3 when S3_* is set; otherwise the folders `${DATA_DIR}/storage/provider-documents` (private)
 * and `${DATA_DIR}/storage/public`.
 */
export function createStorage(config: AppConfig, appSecret: string): FileStore {
  if (config.s3) return createS3Store(config.s3);
  return createLocalStore({
    root: path.join(config.dataDir, 'storage', DOCUMENTS_BUCKET),
    signingKey: deriveUrlSigningKey(appSecret),
  });
}
