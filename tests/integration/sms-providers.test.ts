// The SMS gateways (issue #55), each against a fake speaking its published protocol (tests/fakes): what
// goes over the wire, the id that comes back, and which failures are worth another try. No database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSms } from '../../src/server/platform/sms/dev-sms.ts';
import { TextSendError } from '../../src/server/platform/sms/sms-provider.ts';
import { taqnyatSms } from '../../src/server/platform/sms/taqnyat.ts';
import { unifonicSms } from '../../src/server/platform/sms/unifonic.ts';
import { type FakeTaqnyat, startFakeTaqnyat } from '../fakes/taqnyat.ts';
import { type FakeUnifonic, startFakeUnifonic } from '../fakes/unifonic.ts';

const TO = '+966512345678';
const ARABIC = 'رمز الدخول إلى تحاليل: 482913. لا تشاركه مع أحد 🔒';

/** What the send failed with, so a test can say whether it is worth another try. */
async function failure(sending: Promise<unknown>): Promise<TextSendError> {
  const error = await sending.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TextSendError);
  return error as TextSendError;
}

/** A server that was there and is gone: nothing answers at its address. */
async function deadAddress(): Promise<string> {
  const fake = await startFakeUnifonic({ appSid: 'gone' });
  await fake.close();
  return fake.url;
}

describe('Unifonic', () => {
  const APP_SID = 'uni-app-sid-test';
  let fake: FakeUnifonic;
  beforeAll(async () => {
    fake = await startFakeUnifonic({ appSid: APP_SID });
  });
  afterAll(() => fake.close());
  const sms = () => unifonicSms({ apiUrl: `${fake.url}/`, appSid: APP_SID, senderId: 'Tahaleel' });

  it('posts the form Unifonic documents and answers its MessageID', async () => {
    const sent = await sms().send({ to: TO, body: 'Your code is 482913' });

    const request = fake.requests.at(-1)!;
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(request.fields).toEqual({ AppSid: APP_SID, SenderID: 'Tahaleel', Recipient: '966512345678', Body: 'Your code is 482913' });
    expect(fake.messages.at(-1)).toEqual({
      recipient: '966512345678',
      body: 'Your code is 482913',
      sender: 'Tahaleel',
      messageId: sent.providerMessageId,
    });
    expect(sent.providerMessageId).toMatch(/^\d{14}$/);
  });

  it('delivers an Arabic text with an emoji intact', async () => {
    await sms().send({ to: TO, body: ARABIC });
    expect(fake.messages.at(-1)?.body).toBe(ARABIC);
  });

  it('calls a 500 worth another try, and the next send goes through', async () => {
    fake.failNext(1);
    const error = await failure(sms().send({ to: TO, body: 'again' }));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('HTTP 500');

    await expect(sms().send({ to: TO, body: 'again' })).resolves.toMatchObject({ providerMessageId: expect.any(String) });
  });

  it('calls a wrong AppSid final, and nothing is sent', async () => {
    const before = fake.messages.length;
    const error = await failure(unifonicSms({ apiUrl: fake.url, appSid: 'not-ours', senderId: 'Tahaleel' }).send({ to: TO, body: 'hi' }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('Authentication failed');
    expect(fake.messages).toHaveLength(before);
  });

  it('calls a number Unifonic refuses final', async () => {
    const error = await failure(sms().send({ to: '+96651234567', body: 'hi' }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('ER-04');
  });

  it('refuses a number that is not E.164 without asking Unifonic', async () => {
    const before = fake.requests.length;
    const error = await failure(sms().send({ to: '0512345678', body: 'hi' }));
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(before);
  });

  it('calls a gateway that cannot be reached worth another try', async () => {
    const error = await failure(
      unifonicSms({ apiUrl: await deadAddress(), appSid: APP_SID, senderId: 'Tahaleel' }).send({ to: TO, body: 'hi' }),
    );
    expect(error.retryable).toBe(true);
  });
});

describe('Taqnyat', () => {
  const TOKEN = 'taq-bearer-test';
  let fake: FakeTaqnyat;
  beforeAll(async () => {
    fake = await startFakeTaqnyat({ bearerToken: TOKEN });
  });
  afterAll(() => fake.close());
  const sms = () => taqnyatSms({ apiUrl: `${fake.url}/`, bearerToken: TOKEN, sender: 'Tahaleel' });

  it('posts the JSON Taqnyat documents with the bearer token and answers its messageId', async () => {
    const sent = await sms().send({ to: TO, body: 'Your code is 482913' });

    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ recipients: ['966512345678'], body: 'Your code is 482913', sender: 'Tahaleel' });
    expect(fake.messages.at(-1)).toEqual({
      recipient: '966512345678',
      body: 'Your code is 482913',
      sender: 'Tahaleel',
      messageId: sent.providerMessageId,
    });
    expect(sent.providerMessageId).toMatch(/^\d{10}$/);
  });

  it('delivers an Arabic text with an emoji intact', async () => {
    await sms().send({ to: TO, body: ARABIC });
    expect(fake.messages.at(-1)?.body).toBe(ARABIC);
  });

  it('calls a 500 worth another try, and the next send goes through', async () => {
    fake.failNext(1);
    const error = await failure(sms().send({ to: TO, body: 'again' }));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('HTTP 500');

    await expect(sms().send({ to: TO, body: 'again' })).resolves.toMatchObject({ providerMessageId: expect.any(String) });
  });

  it('calls a wrong token final, and nothing is sent', async () => {
    const before = fake.messages.length;
    const error = await failure(taqnyatSms({ apiUrl: fake.url, bearerToken: 'not-ours', sender: 'Tahaleel' }).send({ to: TO, body: 'hi' }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('invalid credentials information');
    expect(fake.messages).toHaveLength(before);
  });

  it('calls a number Taqnyat refuses final', async () => {
    const error = await failure(sms().send({ to: '+96651234567', body: 'hi' }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('HTTP 400');
  });

  it('calls a recipient listed as rejected under a 201 final: it was not sent', async () => {
    const rejecting: typeof fetch = async () =>
      Response.json(
        { statusCode: 201, messageId: 5452899971, totalCount: 0, msgLength: 1, accepted: '[]', rejected: '[966512345678,]' },
        { status: 201 },
      );
    const error = await failure(
      taqnyatSms({ apiUrl: 'https://api.taqnyat.sa', bearerToken: TOKEN, sender: 'Tahaleel' }, rejecting).send({ to: TO, body: 'hi' }),
    );
    expect(error.retryable).toBe(false);
  });

  it('calls "SMS-API not responding, please try again" worth another try', async () => {
    const busy: typeof fetch = async () =>
      Response.json({ statusCode: 400, message: 'SMS-API not responding, please try again.' }, { status: 400 });
    const error = await failure(
      taqnyatSms({ apiUrl: 'https://api.taqnyat.sa', bearerToken: TOKEN, sender: 'Tahaleel' }, busy).send({ to: TO, body: 'hi' }),
    );
    expect(error.retryable).toBe(true);
  });

  it('calls a gateway that cannot be reached worth another try', async () => {
    const error = await failure(
      taqnyatSms({ apiUrl: await deadAddress(), bearerToken: TOKEN, sender: 'Tahaleel' }).send({ to: TO, body: 'hi' }),
    );
    expect(error.retryable).toBe(true);
  });
});

describe('the development provider', () => {
  it('takes every message at once, each with an id of its own, and sends nothing', async () => {
    const sms = devSms();
    const first = await sms.send({ to: TO, body: 'hi' });
    const second = await sms.send({ to: TO, body: 'hi' });
    expect(sms.name).toBe('dev');
    expect(first.providerMessageId).toMatch(/^dev-[0-9a-f-]{36}$/);
    expect(second.providerMessageId).not.toBe(first.providerMessageId);
  });
});
