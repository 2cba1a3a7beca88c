import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { StorageError, StoredObjectMissingError, type FileStorage } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket, without a trailing slash ("" for none). */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Server-side encryption asked of S3 for each new object (S3_SSE); unset leaves it to the bucket's default. */
  serverSideEncryption?: "AES256" | "aws:kms" | "aws:kms:dsse";
  /** The KMS key for aws:kms (S3_SSE_KMS_KEY_ID). */
  kmsKeyId?: string;
}

/** Any S3-compatible store (AWS S3, MinIO, R2…). Uploads are multipart and streamed; nothing is held in memory. */
export function s3Storage(options: S3StorageOptions): FileStorage {
  // The AWS SDK is loaded on first use (tens of MB that a server storing files on disk never needs).
  let loaded: Promise<{
    client: S3Client;
    s3: typeof import("@aws-sdk/client-s3");
    Upload: typeof import("@aws-sdk/lib-storage").Upload;
  }>;
  const sdk = () =>
    (loaded ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, storage]) => ({
      s3,
      Upload: storage.Upload,
      client: new s3.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        // Checksums only where S3 requires them: S3-compatible stores differ in which they accept.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const Bucket = options.bucket;
  const keyOf = (key: string) => (options.prefix ? `${options.prefix}/${key}` : key);
  const body = async (key: string, range?: { start: number; end: number }) => {
    const { client, s3 } = await sdk();
    const object = await client.send(
      new s3.GetObjectCommand({
        Bucket,
        Key: keyOf(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(object.Body instanceof Readable)) throw new StorageError(`S3 returned no body for ${key}`);
    return object.Body;
  };
  return {
    name: "s3",
    async putFile(key, localPath) {
      // 8 MB parts, four at a time: any file streams through with about 32 MB in flight.
      const { client, Upload } = await sdk();
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: keyOf(key),
          Body: fs.createReadStream(localPath),
          ServerSideEncryption: options.serverSideEncryption,
          SSEKMSKeyId: options.serverSideEncryption?.startsWith("aws:kms") ? options.kmsKeyId : undefined,
        },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
      });
      await upload.done();
      await fs.promises.rm(localPath, { force: true });
    },
    read: body,
    async size(key) {
      const { client, s3 } = await sdk();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        // HEAD has no body, so the SDK names a missing object only by its status.
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async download(key, localPath) {
      await pipeline(await body(key), fs.createWriteStream(localPath));
    },
    async delete(key) {
      const { client, s3 } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async *list(prefix) {
      const inBucket = options.prefix ? `${options.prefix}/` : "";
      let ContinuationToken: string | undefined;
      const { client, s3 } = await sdk();
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket, Prefix: keyOf(prefix), ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { key: object.Key.slice(inBucket.length), modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** "s3://bucket/some/prefix" → bucket and prefix. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== "s3:" || !parsed.hostname)
    throw new StorageError(`STORAGE_URL must look like s3://bucket/prefix, not ${url}`);
  return { bucket: parsed.hostname, prefix: parsed.pathname.replace(/^\/+|\/+$/g, "") };
}
