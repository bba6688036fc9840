import { assertSafeKey, type BlobStore } from '../../platform/blob-store.ts';

/**
 * The part of a Workers R2 bucket binding the store uses, declared here so the project does not
 * depend on @cloudflare/workers-types (see src/server/worker.ts).
 */
export interface R2Bucket {
  put(key: string, value: ArrayBuffer | ArrayBufferView): Promise<unknown>;
  /** The object, or null when nothing is stored under the key. */
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  /** Deleting a key that holds nothing succeeds. */
  delete(key: string): Promise<void>;
}

/**
 * Result files in an R2 bucket through the Worker's binding: no credentials and no request signing,
 * unlike R2's S3 API (s3-blob-store.ts), which the Node server uses for the same bucket.
 */
export function r2BlobStore(bucket: R2Bucket): BlobStore {
  return {
    async put(key, bytes) {
      assertSafeKey(key);
      await bucket.put(key, bytes);
    },
    async get(key) {
      assertSafeKey(key);
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async delete(key) {
      assertSafeKey(key);
      await bucket.delete(key);
    },
  };
}
