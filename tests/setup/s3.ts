// A real S3-protocol server in the test process (s3rver): the app signs its requests (SigV4) and
// s3rver checks the signatures, stores the objects on disk and answers as S3 does.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/modules/result-files/s3-blob-store.ts';

export interface TestS3Server {
  settings: S3Settings;
  close(): Promise<void>;
}

/** s3rver's own access key (it verifies signatures made with it and refuses others). */
const KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'tahaleel-results'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'tahaleel-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  return {
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', ...KEY },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
