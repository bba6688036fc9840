import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type BlobStore } from '../../platform/blob-store.ts';
import { circuitsByKey, isFetchOutage, OUTSIDE_READ_TIMEOUT_MS } from '../../platform/circuit-breaker.ts';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The object store is down: it did not answer in time or could not be reached, or was not asked (circuit open). */
export class ObjectStoreOutageError extends Error {
  override name = 'ObjectStoreOutageError';
}

/** A file of up to 10 MB may take this long to come or go once the store has answered. */
const TRANSFER_TIMEOUT_MS = 30_000;

/** One circuit per endpoint and bucket (platform/circuit-breaker.ts). */
const objectStoreCircuit = circuitsByKey({
  isOutage: (error) => error instanceof ObjectStoreOutageError,
  openError: () => new ObjectStoreOutageError('object store is down: not asked again until it has had time to recover'),
});

/**
 * One request to the store: its answer (status and headers) within `answerWithinMs`, then what `read`
 * does with the body within TRANSFER_TIMEOUT_MS; a timeout or no connection is an outage.
 */
async function withinDeadlines<T>(
  answerWithinMs: number,
  send: (signal: AbortSignal) => Promise<Response>,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(new DOMException('no answer in time', 'TimeoutError')), answerWithinMs);
  try {
    let response: Response;
    try {
      response = await send(controller.signal);
    } catch (error) {
      throw isFetchOutage(error) ? new ObjectStoreOutageError(`object store unreachable: ${String(error)}`, { cause: error }) : error;
    }
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException('transfer too slow', 'TimeoutError')), TRANSFER_TIMEOUT_MS);
    try {
      return await read(response);
    } catch (error) {
      throw isFetchOutage(error) ? new ObjectStoreOutageError(`object store stopped answering: ${String(error)}`, { cause: error }) : error;
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Result files in any S3-compatible object store (AWS S3, Cloudflare R2, MinIO), so every instance
 * of the app (and the Worker) reads the same files. Requests are signed with AWS Signature V4 by
 * aws4fetch, which runs on Node and in workerd alike; objects are addressed path-style
 * (`endpoint/bucket/key`), which every S3-compatible service accepts. The store must answer within
 * 3 s (a file then has 30 s to come or go); one that does not opens a circuit, so the requests after
 * it fail at once until one tries again after 10 s.
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
  // A small answer we do not need is read to its end rather than cancelled: undici's body.cancel() can
  // wait on the connection's close indefinitely (seen here behind a TCP proxy under load), reading cannot.
  const drain = async (response: Response) => void (await response.arrayBuffer());
  const failed = async (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const circuit = objectStoreCircuit(base);
  // A read's answer comes within 3 s; an upload's once its file is sent.
  const request = <T>(key: string, init: RequestInit, read: (response: Response) => Promise<T>) =>
    circuit.run(() =>
      withinDeadlines(
        init.method === 'PUT' ? TRANSFER_TIMEOUT_MS : OUTSIDE_READ_TIMEOUT_MS,
        (signal) => client.fetch(urlOf(key), { ...init, signal }),
        read,
      ),
    );

  return {
    async put(key, bytes) {
      const init = { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'application/octet-stream' } };
      await request(key, init, async (response) => {
        if (!response.ok) throw await failed(`PUT ${key}`, response);
        await drain(response);
      });
    },
    async get(key) {
      return request(key, {}, async (response) => {
        if (response.status === 404) {
          await drain(response);
          return null;
        }
        if (!response.ok) throw await failed(`GET ${key}`, response);
        return new Uint8Array(await response.arrayBuffer());
      });
    },
    async delete(key) {
      await request(key, { method: 'DELETE' }, async (response) => {
        // Deleting what is not there is not an error (S3 answers 204 either way; some stores say 404).
        if (!response.ok && response.status !== 404) throw await failed(`DELETE ${key}`, response);
        await drain(response);
      });
    },
  };
}
