import type { Kysely } from 'kysely';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { parseEnv } from '../../src/server/env.ts';
import { moyasarPaymentProvider } from '../../src/server/platform/moyasar.ts';
import { startFakeMoyasar } from '../fakes/moyasar.ts';
import { testEnvSource } from './fixtures.ts';

/** A logger that says nothing: the tests read outcomes, not log lines. */
export const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as never;

/**
 * The app in Moyasar mode (PAYMENT_PROVIDER=moyasar) against a Moyasar-protocol fake of its own
 * (tests/fakes/moyasar.ts), on the test file's database: its settings, its payment provider and the
 * real Hono app whose callback and webhook routes the tests call. Close `fake` in `afterAll`.
 */
export async function startMoyasarApp(db: Kysely<Database>, webhookSecret: string) {
  const fake = await startFakeMoyasar({ secretKey: 'sk_test_tahaleel', publishableKey: 'pk_test_tahaleel' });
  const env = parseEnv({
    ...testEnvSource,
    PAYMENT_PROVIDER: 'moyasar',
    MOYASAR_API_URL: fake.apiUrl,
    MOYASAR_SECRET_KEY: fake.secretKey,
    MOYASAR_PUBLISHABLE_KEY: fake.publishableKey,
    MOYASAR_WEBHOOK_SECRET: webhookSecret,
  });
  const payments = moyasarPaymentProvider({
    apiUrl: env.MOYASAR_API_URL,
    secretKey: fake.secretKey,
    publishableKey: fake.publishableKey,
    webhookSecret,
  });
  const app = createApp({ db, env, payments, log: silentLog });
  return { fake, env, payments, app };
}

export type MoyasarApp = Awaited<ReturnType<typeof startMoyasarApp>>;
