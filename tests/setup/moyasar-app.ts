import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { parseEnv } from '../../src/server/env.ts';
import type { Logger } from '../../src/server/platform/logger.ts';
import { moyasarPaymentProvider } from '../../src/server/platform/moyasar.ts';
import { startFakeMoyasar } from '../fakes/moyasar.ts';
import { testEnvSource } from './fixtures.ts';

/** A logger that says nothing: the tests read outcomes, not log lines. */
export const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** A logger that keeps what it is told, for the tests that read what the server wrote down. */
export function recordingLog() {
  const lines: { level: 'info' | 'warn' | 'error'; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: 'info' | 'warn' | 'error') => (fields: Record<string, unknown>, message: string) => {
    lines.push({ level, fields, message });
  };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } satisfies Logger };
}

/**
 * The app in Moyasar mode (PAYMENT_PROVIDER=moyasar) against a Moyasar-protocol fake of its own
 * (tests/fakes/moyasar.ts), on the test file's database: its settings, its payment provider and the
 * real Hono app whose callback and webhook routes the tests call. Close `fake` in `afterAll`.
 */
export async function startMoyasarApp(db: Kysely<Database>, webhookSecret: string, log: Logger = silentLog) {
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
  const app = createApp({ db, env, payments, log });
  return { fake, env, payments, app, log };
}

export type MoyasarApp = Awaited<ReturnType<typeof startMoyasarApp>>;

/**
 * Moyasar's two ways back into the app: the browser's return from the gateway (`callback`, answering where
 * it is sent) and the webhook for a payment as the fake has it now (`webhook`, answering the response;
 * another `secretToken` for a forged one).
 */
export function gatewayReturns({ app, fake }: Pick<MoyasarApp, 'app' | 'fake'>, webhookSecret: string) {
  return {
    async callback(query: string) {
      const response = await app.request(`/payments/moyasar/callback${query}`);
      if (response.status !== 303) throw new Error(`the callback answered ${response.status}, not a redirect`);
      return new URL(response.headers.get('location')!, 'http://localhost:3000');
    },
    webhook(paymentId: string, secretToken = webhookSecret) {
      return app.request('/payments/moyasar/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: randomUUID(),
          type: 'payment_paid',
          created_at: new Date().toISOString(),
          secret_token: secretToken,
          live: false,
          data: fake.payments.get(paymentId) ?? { id: paymentId },
        }),
      });
    },
  };
}
