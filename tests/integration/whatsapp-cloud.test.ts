// WhatsApp messages (issue #55) through Meta's Cloud API, against a fake speaking its protocol
// (tests/fakes/whatsapp-cloud.ts): what goes over the wire, the wamid that comes back, which failures are worth
// another try, and the webhook's signature and statuses. No database: the webhook's receipts on the messages'
// rows are tested with the phone messages.
import { serve } from '@hono/node-server';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema.ts';
import { whatsappWebhookRoutes } from '../../src/server/modules/phone/whatsapp-webhook.routes.ts';
import { TextSendError } from '../../src/server/platform/sms/sms-provider.ts';
import { devWhatsApp } from '../../src/server/platform/whatsapp/dev-whatsapp.ts';
import { whatsappCloud } from '../../src/server/platform/whatsapp/whatsapp-cloud.ts';
import { verifyWhatsAppSignature, whatsappStatuses } from '../../src/server/platform/whatsapp/whatsapp-webhook.ts';
import { asciiJson, type FakeWhatsAppCloud, signature, startFakeWhatsAppCloud } from '../fakes/whatsapp-cloud.ts';

const TOKEN = 'EAAG-system-user-token-test';
const PHONE_NUMBER_ID = '106540352242922';
const APP_SECRET = 'meta-app-secret-test';
const TO = '+966512345678';
const TEMPLATES = {
  booking_confirmed: { languages: ['ar', 'en'], parameters: 2 },
  results_ready: { languages: ['ar', 'en'], parameters: 0 },
};

/** What the send failed with, so a test can say whether it is worth another try. */
async function failure(sending: Promise<unknown>): Promise<TextSendError> {
  const error = await sending.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TextSendError);
  return error as TextSendError;
}

/** A Graph API that answers every send with this error, as a stub for answers the fake does not give. */
function answering(status: number, error: Record<string, unknown>): typeof fetch {
  return async () => Response.json({ error: { type: 'OAuthException', fbtrace_id: 'AbCdEf', ...error } }, { status });
}

describe('the WhatsApp Cloud API provider', () => {
  let fake: FakeWhatsAppCloud;
  beforeAll(async () => {
    fake = await startFakeWhatsAppCloud({
      accessToken: TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      appSecret: APP_SECRET,
      templates: TEMPLATES,
    });
  });
  afterAll(() => fake.close());
  const whatsapp = (settings: { accessToken?: string; apiUrl?: string } = {}) =>
    whatsappCloud({ apiUrl: `${fake.url}/`, apiVersion: 'v26.0', phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN, ...settings });

  it('posts the template message Meta documents, with the bearer token, and answers its wamid', async () => {
    const sent = await whatsapp().send({ to: TO, template: 'booking_confirmed', language: 'en', parameters: ['CBC', 'Sunday 9:30'] });

    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(`/v26.0/${PHONE_NUMBER_ID}/messages`);
    expect(request.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '966512345678',
      type: 'template',
      template: {
        name: 'booking_confirmed',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'CBC' },
              { type: 'text', text: 'Sunday 9:30' },
            ],
          },
        ],
      },
    });
    expect(sent.providerMessageId).toMatch(/^wamid\.[\w-]+$/);
    expect(fake.messages.at(-1)).toEqual({
      to: '966512345678',
      template: 'booking_confirmed',
      language: 'en',
      parameters: ['CBC', 'Sunday 9:30'],
      id: sent.providerMessageId,
    });
  });

  it('sends the Arabic translation with its Arabic words intact', async () => {
    await whatsapp().send({ to: TO, template: 'booking_confirmed', language: 'ar', parameters: ['تحليل صورة الدم الكاملة', 'الأحد ٩:٣٠'] });
    expect(fake.messages.at(-1)).toMatchObject({ language: 'ar', parameters: ['تحليل صورة الدم الكاملة', 'الأحد ٩:٣٠'] });
  });

  it('sends a template without variables with no components', async () => {
    await whatsapp().send({ to: TO, template: 'results_ready', language: 'en', parameters: [] });
    expect(JSON.parse(fake.requests.at(-1)!.body).template).toEqual({ name: 'results_ready', language: { code: 'en' } });
  });

  it('flattens the line breaks and runs of spaces Meta refuses in a variable', async () => {
    await whatsapp().send({
      to: TO,
      template: 'booking_confirmed',
      language: 'en',
      parameters: ['Al Noor Lab\nKing Fahd Rd', 'Sunday\t9:30      am'],
    });
    expect(fake.messages.at(-1)?.parameters).toEqual(['Al Noor Lab King Fahd Rd', 'Sunday 9:30 am']);
  });

  it('refuses an empty variable for good without asking Meta', async () => {
    const before = fake.requests.length;
    const error = await failure(whatsapp().send({ to: TO, template: 'booking_confirmed', language: 'en', parameters: ['CBC', ' \n '] }));
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(before);
  });

  it('calls a 500 worth another try, and the next send goes through', async () => {
    fake.failNext(1);
    const error = await failure(whatsapp().send({ to: TO, template: 'booking_confirmed', language: 'en', parameters: ['CBC', 'Sunday'] }));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('code 131000');
    expect(error.message).toContain('HTTP 500');

    await expect(
      whatsapp().send({ to: TO, template: 'booking_confirmed', language: 'en', parameters: ['CBC', 'Sunday'] }),
    ).resolves.toMatchObject({ providerMessageId: expect.stringMatching(/^wamid\./) });
  });

  it('calls a rate limit worth another try, though Meta answers it with a 400', async () => {
    for (const code of [130429, 131056, 80007]) {
      const limited = whatsappCloud(
        { apiUrl: 'https://graph.facebook.com', apiVersion: 'v26.0', phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN },
        answering(400, { message: `(#${code}) Rate limit hit`, code }),
      );
      const error = await failure(limited.send({ to: TO, template: 'booking_confirmed', language: 'en', parameters: ['CBC', 'Sunday'] }));
      expect(error.retryable).toBe(true);
    }
  });

  it('calls an error Meta marks transient worth another try', async () => {
    const busy = whatsappCloud(
      { apiUrl: 'https://graph.facebook.com', apiVersion: 'v26.0', phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN },
      answering(400, { message: 'Please retry your request later', code: 9999, is_transient: true }),
    );
    expect((await failure(busy.send({ to: TO, template: 'results_ready', language: 'en', parameters: [] }))).retryable).toBe(true);
  });

  it('calls a message outside the service window final', async () => {
    const closed = whatsappCloud(
      { apiUrl: 'https://graph.facebook.com', apiVersion: 'v26.0', phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN },
      answering(400, {
        message: '(#131047) Re-engagement message',
        code: 131047,
        error_data: { details: 'more than 24 hours have passed' },
      }),
    );
    const error = await failure(closed.send({ to: TO, template: 'results_ready', language: 'en', parameters: [] }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('more than 24 hours have passed');
  });

  it('calls a wrong token final, and nothing is sent', async () => {
    const before = fake.messages.length;
    const error = await failure(
      whatsapp({ accessToken: 'not-ours' }).send({ to: TO, template: 'results_ready', language: 'en', parameters: [] }),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('code 190');
    expect(error.message).toContain('HTTP 401');
    expect(error.message).not.toContain('not-ours');
    expect(fake.messages).toHaveLength(before);
  });

  it('calls a template Meta has not approved final', async () => {
    const error = await failure(whatsapp().send({ to: TO, template: 'not_approved', language: 'ar', parameters: ['x'] }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('code 132001');
  });

  it('calls the wrong number of variables final', async () => {
    const error = await failure(whatsapp().send({ to: TO, template: 'booking_confirmed', language: 'ar', parameters: ['CBC'] }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('code 132000');
  });

  it('takes a message to a number not on WhatsApp, whose status then says failed with 131026', async () => {
    fake.notOnWhatsApp('+966598765432');
    const sent = await whatsapp().send({ to: '+966598765432', template: 'results_ready', language: 'en', parameters: [] });

    expect(whatsappStatuses(fake.statusWebhook(sent.providerMessageId))).toEqual([
      { providerMessageId: sent.providerMessageId, status: 'failed', said: 'Message undeliverable (131026): Message Undeliverable.' },
    ]);
  });

  it('refuses a number that is not E.164 without asking Meta', async () => {
    const before = fake.requests.length;
    const error = await failure(whatsapp().send({ to: '0512345678', template: 'results_ready', language: 'en', parameters: [] }));
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(before);
  });

  it('calls an API that cannot be reached worth another try', async () => {
    const gone = await startFakeWhatsAppCloud({ accessToken: TOKEN, phoneNumberId: PHONE_NUMBER_ID, appSecret: APP_SECRET });
    await gone.close();
    const error = await failure(whatsapp({ apiUrl: gone.url }).send({ to: TO, template: 'results_ready', language: 'en', parameters: [] }));
    expect(error.retryable).toBe(true);
  });
});

describe('the development WhatsApp provider', () => {
  it('takes every message at once, each with an id of its own, and sends nothing', async () => {
    const whatsapp = devWhatsApp();
    const message = { to: TO, template: 'results_ready', language: 'en', parameters: [] } as const;
    const first = await whatsapp.send({ ...message, parameters: [] });
    const second = await whatsapp.send({ ...message, parameters: [] });
    expect(whatsapp.name).toBe('dev');
    expect(first.providerMessageId).toMatch(/^dev-[0-9a-f-]{36}$/);
    expect(second.providerMessageId).not.toBe(first.providerMessageId);
  });
});

describe("the webhook's signature", () => {
  const body = asciiJson({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [] }], note: 'تم' });

  it('accepts the HMAC-SHA256 of the body under the app secret', () => {
    expect(verifyWhatsAppSignature(body, signature(body, APP_SECRET), APP_SECRET)).toBe(true);
    // An HMAC-SHA256 worked out elsewhere: of "test" under "secret".
    expect(verifyWhatsAppSignature('test', 'sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914', 'secret')).toBe(true);
  });

  it('refuses a signature under another secret, none, or one without its sha256= prefix', () => {
    expect(verifyWhatsAppSignature(body, signature(body, 'someone-else'), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, undefined, APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, '', APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, signature(body, APP_SECRET).slice('sha256='.length), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, 'sha256=abc', APP_SECRET)).toBe(false);
  });

  it('refuses a body changed after it was signed, even by one character or re-serialized', () => {
    const signed = signature(body, APP_SECRET);
    expect(verifyWhatsAppSignature(body.replace('"1"', '"2"'), signed, APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(JSON.stringify(JSON.parse(body)), signed, APP_SECRET)).toBe(false);
  });
});

describe("the webhook's statuses", () => {
  const metadata = { display_phone_number: '966110000000', phone_number_id: PHONE_NUMBER_ID };

  it('reads delivered, read and failed with its errors, and leaves out sent people their messages', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata,
                contacts: [{ profile: { name: 'Sara' }, wa_id: '966512345678' }],
                messages: [{ from: '966512345678', id: 'wamid.incoming', timestamp: '1760000000', type: 'text', text: { body: 'شكرا' } }],
              },
            },
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata,
                statuses: [
                  {
                    id: 'wamid.one',
                    status: 'delivered',
                    timestamp: '1760000001',
                    recipient_id: '966512345678',
                    pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
                  },
                  { id: 'wamid.two', status: 'read', timestamp: '1760000002', recipient_id: '966512345678' },
                  {
                    id: 'wamid.three',
                    status: 'failed',
                    timestamp: '1760000003',
                    recipient_id: '966598765432',
                    errors: [
                      {
                        code: 131026,
                        title: 'Message undeliverable',
                        message: 'Message undeliverable',
                        error_data: { details: 'Message Undeliverable.' },
                        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
                      },
                    ],
                  },
                  { id: 'wamid.four', status: 'sent', timestamp: '1760000000', recipient_id: '966512345678' },
                  { id: 'wamid.five', status: 'played', timestamp: '1760000004', recipient_id: '966512345678' },
                ],
              },
            },
          ],
        },
      ],
    };

    expect(whatsappStatuses(body)).toEqual([
      { providerMessageId: 'wamid.one', status: 'delivered', said: 'delivered' },
      { providerMessageId: 'wamid.two', status: 'read', said: 'read' },
      { providerMessageId: 'wamid.three', status: 'failed', said: 'Message undeliverable (131026): Message Undeliverable.' },
      { providerMessageId: 'wamid.four', status: 'sent', said: 'sent' },
    ]);
  });

  it('finds none in a body that is not a WhatsApp messages webhook', () => {
    expect(whatsappStatuses(null)).toEqual([]);
    expect(whatsappStatuses({ object: 'page', entry: [] })).toEqual([]);
    expect(
      whatsappStatuses({
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] }],
      }),
    ).toEqual([]);
  });
});

describe('the webhook routes, before any receipt is recorded', () => {
  const VERIFY_TOKEN = 'verify-token-of-sixteen+';
  // The database is not reached on these paths: a receipt is recorded only for a delivered, read or failed status.
  const app = whatsappWebhookRoutes({ db: {} as Kysely<Database>, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN });
  let server: ReturnType<typeof serve>;
  let url: string;
  let fake: FakeWhatsAppCloud;
  beforeAll(async () => {
    fake = await startFakeWhatsAppCloud({ accessToken: TOKEN, phoneNumberId: PHONE_NUMBER_ID, appSecret: APP_SECRET });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
        url = `http://127.0.0.1:${info.port}/`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fake.close();
  });

  it("answers Meta's verification with the challenge alone when the token is ours", async () => {
    const response = await app.request(
      `/?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(VERIFY_TOKEN)}&hub.challenge=1158201444`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
  });

  it('refuses a verification with another token or another mode', async () => {
    expect((await app.request('/?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1')).status).toBe(403);
    expect((await app.request(`/?hub.mode=unsubscribe&hub.verify_token=${encodeURIComponent(VERIFY_TOKEN)}&hub.challenge=1`)).status).toBe(
      403,
    );
  });

  it("takes a status Meta signed, and refuses one signed without the app's secret", async () => {
    const sent = await whatsappCloud({ apiUrl: fake.url, apiVersion: 'v26.0', phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN }).send({
      to: TO,
      template: 'results_ready',
      language: 'ar',
      parameters: [],
    });

    const taken = await fake.sendStatus({ url, id: sent.providerMessageId, status: 'sent' });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ received: true });
    expect((await fake.sendStatus({ url, id: sent.providerMessageId, status: 'sent', signWith: 'not-the-secret' })).status).toBe(401);
  });

  it('refuses a post without a signature, and one that is not JSON', async () => {
    expect((await app.request('/', { method: 'POST', body: '{}' })).status).toBe(401);
    const notJson = 'not json';
    expect(
      (await app.request('/', { method: 'POST', body: notJson, headers: { 'x-hub-signature-256': signature(notJson, APP_SECRET) } }))
        .status,
    ).toBe(400);
  });
});
