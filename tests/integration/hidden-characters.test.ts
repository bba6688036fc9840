import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { insertBooking, offerTest } from '../setup/dashboard-fixtures.ts';
import { createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #56: a bidi override (U+202E) in text others read reorders what they see, so that
// "passwd" + U+202E + "gnp.pdf" is drawn as "passwdfdp.png". Each attack below goes in through the
// API and is read back as another person reads it.

const RLO = '\u202E';
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let database: TestDatabase;
let blobRoot: string;
let app: Hono;
let api: ReturnType<typeof apiClient>;
let lab: TestUser;
let labTestId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-hidden-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot), clientIp: () => '10.56.9.1' });
  api = apiClient(app);
  lab = await createTestUser(database.db, 'lab', { approved: true });
  ({ labTestId } = await offerTest(database.db, lab.id));
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

/** A customer signed up over the API with a name carrying a bidi override, and a completed booking at the lab. */
async function signedUpCustomer() {
  const signUp = await api.mutate<{ id: string; name: string }>('auth.signUp', {
    email: `hidden-${crypto.randomUUID()}@test.tahaleel.sa`,
    password: 'correct horse battery',
    name: `${RLO}نورة القحطاني\u0007`,
    userType: 'customer',
    licenseNumber: null,
    acceptTerms: true,
  });
  expect(signUp.status).toBe(200);
  const cookie = cookiePair(signUp.cookies.find((value) => value.startsWith('tahaleel_session=')));
  const bookingId = await insertBooking(database.db, {
    customerId: signUp.data.id,
    labTestId,
    status: 'completed',
    bookingTime: new Date(Date.now() - 86_400_000),
  });
  return { name: signUp.data.name, cookie, bookingId };
}

const query = (path: string, input: unknown) => `${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

describe('bidi overrides and control characters in text others read', () => {
  it('are taken out of a name at sign-up, a review, its author name and the lab reply on the lab page', async () => {
    const customer = await signedUpCustomer();
    expect(customer.name).toBe('نورة القحطاني');

    const created = await api.mutate(
      'reviews.create',
      { bookingId: customer.bookingId, rating: 2, text: `passwd${RLO}gnp.pdf\nline two` },
      customer.cookie,
    );
    expect(created.status).toBe(200);
    const { id } = created.data as { id: string };
    expect((await api.mutate('reviews.reply', { id, text: `Thanks\u2067!\u2069${RLO}` }, lab.cookie)).status).toBe(200);

    const page = await api.query<{ items: { id: string; text: string; author_name: string; reply: { text: string } }[] }>(
      query('reviews.forLab', { labId: lab.id }),
    );
    expect(page.data.items.find((review) => review.id === id)).toMatchObject({
      text: 'passwdgnp.pdf\nline two',
      author_name: 'نورة',
      reply: { text: 'Thanks!' },
    });
  });

  it('are taken out of a family member name', async () => {
    const customer = await signedUpCustomer();
    const added = await api.mutate(
      'family.add',
      { name: `سارة${RLO}exe.pdf`, relation: 'child', sex: 'female', dateOfBirth: '2015-04-01' },
      customer.cookie,
    );
    expect(added.status).toBe(200);
    const family = await api.query<{ name: string }[]>('family.list', customer.cookie);
    expect(family.data.map((member) => member.name)).toEqual(['سارةexe.pdf']);
  });

  it("are taken out of a result file's name, stored, listed and in the download's Content-Disposition", async () => {
    const customer = await signedUpCustomer();
    const form = new FormData();
    form.set('bookingId', customer.bookingId);
    form.set('file', new File([pdf], `passwd${RLO}gnp.pdf`, { type: 'application/pdf' }));
    const uploaded = await app.request('/files/results', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: lab.cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { result } = (await uploaded.json()) as { result: { id: string; file_name: string } };
    expect(result.file_name).toBe('passwdgnp.pdf');

    const download = await app.request(`/files/results/${result.id}`, { headers: { cookie: customer.cookie } });
    expect(download.status).toBe(200);
    const disposition = decodeURIComponent(download.headers.get('content-disposition') ?? '');
    expect(disposition).toContain("filename*=UTF-8''passwdgnp.pdf");
    expect(disposition).not.toContain(RLO);
  });
});
