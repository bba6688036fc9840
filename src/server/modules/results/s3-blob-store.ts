import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Result files in any S3-compatible object store (AWS S3, Cloudflare R2, MinIO), so every instance
 * of the app (and the Worker) reads the same files. Requests are signed with AWS Signature V4 by
 * aws4fetch, which runs on Node and in workerd alike; objects are addressed path-style
 * (`endpoint/bucket/key`), which every S3-compatible service accepts.
 */
export function s3BlobStore(settings: S3Settings): BlobStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return `${base}/${key}`;
  };
  const failed = async (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);

  return {
    async put(key, bytes) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': 'application/octet-stream' },
      });
      if (!response.ok) throw await failed(`PUT ${key}`, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failed(`GET ${key}`, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      // Deleting what is not there is not an error (S3 answers 204 either way; some stores say 404).
      if (!response.ok && response.status !== 404) throw await failed(`DELETE ${key}`, response);
      await response.body?.cancel();
    },
  };
}
