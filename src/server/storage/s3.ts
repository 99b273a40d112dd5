import 'server-only';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertKey, type FileStorage } from './storage';

export type S3Options = { bucket: string; prefix?: string } & Pick<
  S3ClientConfig,
  'endpoint' | 'region' | 'credentials' | 'forcePathStyle'
>;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Any S3-compatible store (AWS, MinIO, R2, OSS, COS...), so several app nodes share one set of files. */
export function s3Storage({ bucket, prefix = '', ...config }: S3Options): FileStorage {
  const client = new S3Client({ ...config, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const keyOf = (key: string) => `${prefix}${assertKey(key)}`;
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: body, ContentType: contentType }),
      );
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        if (!out.Body) return undefined;
        return {
          stream: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: out.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(prefix.length);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
