import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/server/bootstrap.ts';
import { parseEnv } from '../../src/server/env.ts';
import { dropDatabase } from '../setup/test-db.ts';

const serverUrl = process.env.DATABASE_URL;
const quiet = () => {};

describe('start-up', () => {
  it.skipIf(serverUrl)(
    'seeds an empty embedded database once and keeps its data across a restart',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'tahaleel-restart-'));
      try {
        const env = parseEnv({ DATA_DIR: dataDir });
        const first = await prepareDatabase(env, quiet);
        expect(first.seeded).toBe(true);
        await first.db.insertInto('newsletter_subscriptions').values({ email: 'kept@example.sa' }).execute();
        await first.db.destroy();

        const second = await prepareDatabase(env, quiet);
        expect(second.seeded).toBe(false);
        const categories = await second.db.selectFrom('categories').select('id').execute();
        expect(categories).toHaveLength(11);
        const kept = await second.db.selectFrom('newsletter_subscriptions').select('email').execute();
        expect(kept).toEqual([{ email: 'kept@example.sa' }]);
        await second.db.destroy();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it.runIf(serverUrl)('migrates a server database but never seeds it on its own', async () => {
    const name = `tahaleel_startup_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const prepared = await prepareDatabase(parseEnv({ DATABASE_URL: url.toString() }), quiet);
      expect(prepared.seeded).toBe(false);
      expect(await prepared.db.selectFrom('categories').select('id').execute()).toEqual([]);
      await prepared.db.destroy();
    } finally {
      await dropDatabase(admin, name);
      await admin.end();
    }
  });
});
