import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { withAbsoluteLinks } from '../../src/server/modules/mail/outbox-sender.ts';
import { type MailMessage, renderMail } from '../../src/server/modules/mail/templates.tsx';
import { type PhoneText, renderPhoneText } from '../../src/server/modules/phone/phone-texts.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import type { Logger } from '../../src/server/platform/logger.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// A patient shares chosen reports with a doctor by a link (issue #53 item 6, ADR 0061): the doctor
// reads values, ranges, trends and the PDFs without an account; every reading is logged and shown to
// the patient; expired and revoked links answer 410 at once and the attempt is logged; a code locks
// after five wrong tries, the patient is told (issue #74 item 9) and can give the link a new code; the
// link holds only the patient's own reports.

const ELECTROLYTES = 'Electrolytes (Sodium, Potassium, Chloride)';
const APP_PAGE = '<!doctype html><html><head><title>Tahaleel</title></head><body><div id="root"></div></body></html>';
const pdf = new TextEncoder().encode(`%PDF-1.4\n% Potassium 4.6 mmol/L\n${'1 0 obj << /Type /Catalog >> endobj\n'.repeat(20)}%%EOF\n`);

let database: TestDatabase;
let blobRoot: string;
let app: ReturnType<typeof createApp>;
const logLines: { fields: Record<string, unknown>; message: string }[] = [];
let lab: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
/** Released electrolytes, 40 days ago and 2 days ago; a ferritin PDF; a report still a draft. */
const bookings = { older: '', recent: '', withFile: '', draftOnly: '', othersReport: '' };
let fileId = '';

const capture = (fields: Record<string, unknown>, message: string) => logLines.push({ fields, message });
const log: Logger = { info: capture, warn: capture, error: capture };

/** The app as node.ts serves it: the API, then the client's page for any other path. */
function appWithPages() {
  const served = createApp({
    db: database.db,
    env: testEnv,
    blobs: diskBlobStore(blobRoot),
    log,
    clientIp: (c) => c.req.header('x-test-ip'),
  });
  served.get('*', (c) => c.html(APP_PAGE));
  return served;
}

async function analyteId(loinc: string) {
  const row = await database.db.selectFrom('analytes').select('id').where('loinc', '=', loinc).executeTakeFirstOrThrow();
  return row.id;
}

async function releasedElectrolytes(customerId: string, daysAgo: number, potassium: string, release = true) {
  const { labTestId } = await offerNamedTest(database.db, lab.id, ELECTROLYTES);
  const bookingId = await insertBooking(database.db, {
    customerId,
    labTestId,
    status: 'completed',
    bookingTime: new Date(Date.now() - daysAgo * 86_400_000),
  });
  const labCaller = await callerFor(database.db, lab);
  const entry = async (loinc: string, value: string) => ({ analyteId: await analyteId(loinc), value, unit: null, comment: null });
  await labCaller.results.saveDraft({
    bookingId,
    patientSex: 'female',
    releaseAs: 'final',
    note: null,
    observations: [await entry('2951-2', '140'), await entry('2823-3', potassium), await entry('2075-0', '101')],
  });
  if (release) await labCaller.results.release({ bookingId });
  return bookingId;
}

async function withPdf(customerId: string) {
  const { labTestId } = await offerNamedTest(database.db, lab.id, 'Ferritin');
  const bookingId = await insertBooking(database.db, { customerId, labTestId, status: 'completed' });
  const form = new FormData();
  form.set('bookingId', bookingId);
  form.set('file', new File([pdf as Uint8Array<ArrayBuffer>], 'ferritin.pdf', { type: 'application/pdf' }));
  const upload = await app.request('/files/results', {
    method: 'POST',
    headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  return { bookingId, fileId: ((await upload.json()) as { result: { id: string } }).result.id };
}

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-shares-'));
  app = appWithPages();
  lab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer', { name: 'Reem Al-Harbi' });
  otherCustomer = await createTestUser(database.db, 'customer');
  bookings.older = await releasedElectrolytes(customer.id, 40, '4.1');
  bookings.recent = await releasedElectrolytes(customer.id, 2, '4.6');
  ({ bookingId: bookings.withFile, fileId } = await withPdf(customer.id));
  bookings.draftOnly = await releasedElectrolytes(customer.id, 1, '4.0', false);
  bookings.othersReport = await releasedElectrolytes(otherCustomer.id, 3, '3.9');
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

/** A fresh address per test, so the per-address limit is tested on its own. */
let addresses = 0;
const newAddress = () => `10.61.0.${++addresses}`;

interface OpenAnswer {
  status: number;
  appCode: string | null;
  details: Record<string, unknown> | null;
  data: ShareView;
}
interface ShareView {
  patientName: string;
  reports: {
    bookingId: string;
    test: { en: string };
    values: {
      observations: {
        loinc: string;
        number: number | null;
        unit: string | null;
        flag: string;
        range: { low: number; high: number } | null;
        trend: { bookingId: string; value: number }[];
      }[];
    } | null;
    files: { id: string; fileName: string }[];
  }[];
}

/** The doctor's page reads the share as the browser does: a POST without a cookie, from the doctor's address. */
async function openShare(token: string, ip: string, code?: string): Promise<OpenAnswer> {
  const response = await app.request('/trpc/resultShares.open', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testEnv.PUBLIC_URL, 'x-test-ip': ip },
    body: JSON.stringify(code === undefined ? { token } : { token, code }),
  });
  const body = (await response.json()) as {
    result?: { data: ShareView };
    error?: { data: { appCode: string; details: Record<string, unknown> } };
  };
  return {
    status: response.status,
    appCode: body.error?.data.appCode ?? null,
    details: body.error?.data.details ?? null,
    data: body.result?.data as ShareView,
  };
}

const page = (token: string, ip: string) => app.request(`/share/${token}`, { headers: { 'x-test-ip': ip } });
const download = (token: string, id: string, ip: string, code?: string) =>
  app.request(`/share/${token}/files/${id}`, { headers: { 'x-test-ip': ip, ...(code ? { 'x-share-code': code } : {}) } });

async function share(bookingIds: string[], options: { withCode?: boolean; days?: number; owner?: TestUser } = {}) {
  const patient = await callerFor(database.db, options.owner ?? customer);
  const made = await patient.resultShares.create({ bookingIds, days: options.days ?? 7, withCode: options.withCode ?? false });
  const token = new URL(made.link).pathname.split('/').pop()!;
  return { ...made, token };
}

const auditOf = (subjectType: string, subjectId: string) =>
  database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();

function expectPrivatePage(response: Response) {
  expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('a doctor opens a shared link', () => {
  it('shows the chosen reports with values, ranges, trends from the shared reports and the PDF; logs every reading; the patient sees it', async () => {
    const ip = newAddress();
    const made = await share([bookings.recent, bookings.withFile]);
    expect(made.link).toBe(`${testEnv.PUBLIC_URL}/share/${made.token}`);
    expect(made.code).toBeNull();

    const shown = await page(made.token, ip);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toBe(APP_PAGE);
    expectPrivatePage(shown);

    const opened = await openShare(made.token, ip);
    expect(opened.status).toBe(200);
    expect(opened.data.patientName).toBe('Reem Al-Harbi');
    const electrolytes = opened.data.reports.find((report) => report.bookingId === bookings.recent)!;
    expect(electrolytes.test.en).toBe(ELECTROLYTES);
    const potassium = electrolytes.values!.observations.find((observation) => observation.loinc === '2823-3');
    expect(potassium).toMatchObject({ number: 4.6, unit: 'mmol/L', flag: 'N', range: { low: 3.5, high: 5.1 } });
    // The report of 40 days ago was not shared: its value is not in the trend either.
    expect(potassium!.trend).toEqual([expect.objectContaining({ bookingId: bookings.recent, value: 4.6 })]);
    const ferritin = opened.data.reports.find((report) => report.bookingId === bookings.withFile)!;
    expect(ferritin.values).toBeNull();
    expect(ferritin.files).toEqual([expect.objectContaining({ id: fileId, fileName: 'ferritin.pdf' })]);

    const file = await download(made.token, fileId, ip);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expectPrivatePage(file);
    expect(file.headers.get('content-disposition')).toContain('attachment');

    const reportId = (
      await database.db.selectFrom('result_reports').select('id').where('booking_id', '=', bookings.recent).executeTakeFirstOrThrow()
    ).id;
    const doctorsRead = { role: 'doctor', via: 'share', shareId: made.id, ip };
    expect(await auditOf('result_report', reportId)).toContainEqual({
      action: 'result.read',
      actor_id: null,
      details: expect.objectContaining({ bookingId: bookings.recent, ...doctorsRead }),
    });
    expect(await auditOf('result_file', fileId)).toContainEqual({
      action: 'result.read',
      actor_id: null,
      details: expect.objectContaining({ bookingId: bookings.withFile, ...doctorsRead }),
    });

    const patient = await callerFor(database.db, customer);
    const reads = (await patient.account.resultAccessLog()).filter((read) => read.share_id === made.id);
    expect(reads.map((read) => [read.viewer_role, read.kind, read.booking_id])).toEqual([
      ['doctor', 'file', bookings.withFile],
      ['doctor', 'values', bookings.recent],
    ]);
    // The page itself, which a messaging app's link preview fetches too, is not an opening.
    const [listed] = (await patient.resultShares.list()).filter((entry) => entry.id === made.id);
    expect(listed).toMatchObject({ standing: 'active', withCode: false, openedCount: 1 });
    expect(listed!.lastOpenedAt).not.toBeNull();
    expect(listed!.reports.map((report) => report.bookingId).sort()).toEqual([bookings.recent, bookings.withFile].sort());
  });

  it('draws a trend from every shared report of the same test', async () => {
    const made = await share([bookings.older, bookings.recent]);
    const opened = await openShare(made.token, newAddress());
    const recent = opened.data.reports.find((report) => report.bookingId === bookings.recent)!;
    const potassium = recent.values!.observations.find((observation) => observation.loinc === '2823-3')!;
    expect(potassium.trend.map((point) => point.value)).toEqual([4.1, 4.6]);
  });

  it('keeps no link and no code: the table holds the link’s SHA-256 and the code’s HMAC only', async () => {
    const made = await share([bookings.recent], { withCode: true });
    const row = await database.db.selectFrom('result_shares').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);
    expect(JSON.stringify(row)).not.toContain(made.code!);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toBe(createHash('sha256').update(made.code!).digest('hex'));
  });

  it('writes no link into the request log', async () => {
    const made = await share([bookings.recent]);
    logLines.length = 0;
    await page(made.token, newAddress());
    await download(made.token, fileId, newAddress());
    const paths = logLines.filter((line) => line.message === 'request').map((line) => line.fields.path);
    expect(paths).toEqual(['/share/…', `/share/…/files/${fileId}`]);
    expect(JSON.stringify(logLines)).not.toContain(made.token);
  });

  it('answers 404, with the private headers, for a link that never was', async () => {
    const response = await page('A'.repeat(43), newAddress());
    expect(response.status).toBe(404);
    expectPrivatePage(response);
    expect((await openShare('A'.repeat(43), newAddress())).appCode).toBe('NOT_FOUND');
  });
});

describe('a share that has ended', () => {
  it('expired: the page answers 410 and says so, the values are refused, and each attempt is logged', async () => {
    const made = await share([bookings.recent], { days: 1 });
    await sql`update result_shares set created_at = now() - interval '3 days', expires_at = now() - interval '2 days' where id = ${made.id}`.execute(
      database.db,
    );
    const ip = newAddress();
    const response = await page(made.token, ip);
    expect(response.status).toBe(410);
    expect(await response.text()).toBe(APP_PAGE);
    expectPrivatePage(response);
    expect(await openShare(made.token, ip)).toMatchObject({ status: 403, appCode: 'SHARE_GONE', details: { reason: 'expired' } });
    expect((await download(made.token, fileId, ip)).status).toBe(403);

    const denied = (await auditOf('result_share', made.id)).filter((entry) => entry.action === 'result.share_denied');
    expect(denied.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ reason: 'expired', via: 'page', ip }),
      expect.objectContaining({ reason: 'expired', via: 'values', ip }),
      expect.objectContaining({ reason: 'expired', via: 'file', ip }),
    ]);
    const patient = await callerFor(database.db, customer);
    expect((await patient.resultShares.list()).find((entry) => entry.id === made.id)?.standing).toBe('expired');
  });

  it('revoked: works until revoked, then answers 410 at once; the attempt is logged', async () => {
    const made = await share([bookings.recent, bookings.withFile]);
    const ip = newAddress();
    expect((await openShare(made.token, ip)).status).toBe(200);

    const patient = await callerFor(database.db, customer);
    const list = await patient.resultShares.revoke({ id: made.id });
    expect(list.find((entry) => entry.id === made.id)).toMatchObject({ standing: 'revoked' });

    const response = await page(made.token, ip);
    expect(response.status).toBe(410);
    expectPrivatePage(response);
    expect(await openShare(made.token, ip)).toMatchObject({ appCode: 'SHARE_GONE', details: { reason: 'revoked' } });
    const file = await download(made.token, fileId, ip);
    expect(file.status).toBe(403);
    expect(await file.json()).toMatchObject({ error: { appCode: 'SHARE_GONE' } });
    const denied = (await auditOf('result_share', made.id)).filter((entry) => entry.action === 'result.share_denied');
    expect(denied.map((entry) => (entry.details as { reason: string }).reason)).toEqual(['revoked', 'revoked', 'revoked']);
  });

  it('another customer cannot revoke a share: it is not found, and it keeps working', async () => {
    const made = await share([bookings.recent]);
    const stranger = await callerFor(database.db, otherCustomer);
    expect(await refusal(stranger.resultShares.revoke({ id: made.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await stranger.resultShares.list()).toEqual([]);
    expect((await openShare(made.token, newAddress())).status).toBe(200);
  });
});

describe('a share with a code', () => {
  it('asks for the code, takes it in Arabic-Indic digits, refuses a wrong one, and locks after five wrong codes', async () => {
    const made = await share([bookings.recent, bookings.withFile], { withCode: true });
    expect(made.code).toMatch(/^\d{6}$/);
    const code = made.code!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const ip = newAddress();

    expect((await page(made.token, ip)).status).toBe(200);
    expect(await openShare(made.token, ip)).toMatchObject({ status: 401, appCode: 'SHARE_CODE_REQUIRED' });
    expect((await download(made.token, fileId, ip)).status).toBe(401);
    const arabicDigits = code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect((await openShare(made.token, ip, arabicDigits)).status).toBe(200);
    expect((await download(made.token, fileId, ip, code)).status).toBe(200);

    for (const attemptsLeft of [4, 3, 2, 1]) {
      expect(await openShare(made.token, ip, wrong)).toMatchObject({ status: 401, appCode: 'SHARE_CODE_WRONG', details: { attemptsLeft } });
    }
    expect(await openShare(made.token, ip, wrong)).toMatchObject({ appCode: 'SHARE_GONE', details: { reason: 'locked' } });
    // Locked: the right code opens nothing now, and the page says the link has ended.
    expect(await openShare(made.token, ip, code)).toMatchObject({ appCode: 'SHARE_GONE', details: { reason: 'locked' } });
    expect((await page(made.token, ip)).status).toBe(410);

    const denied = (await auditOf('result_share', made.id)).filter((entry) => entry.action === 'result.share_denied');
    expect(denied.map((entry) => (entry.details as { reason: string }).reason)).toEqual([
      ...Array(5).fill('wrong_code'),
      'locked',
      'locked',
    ]);
    const patient = await callerFor(database.db, customer);
    expect((await patient.resultShares.list()).find((entry) => entry.id === made.id)).toMatchObject({ standing: 'locked', openedCount: 1 });
  });

  it('counts five wrong codes sent at once as five: none passes the limit together', async () => {
    const made = await share([bookings.recent], { withCode: true });
    const wrong = String((Number(made.code) + 7) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 8 }, () => openShare(made.token, newAddress(), wrong)));
    expect(answers.filter((answer) => answer.appCode === 'SHARE_CODE_WRONG')).toHaveLength(4);
    expect(answers.filter((answer) => answer.appCode === 'SHARE_GONE')).toHaveLength(4);
    const row = await database.db
      .selectFrom('result_shares')
      .select(['wrong_codes', 'locked_at'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.wrong_codes).toBe(5);
    expect(row.locked_at).not.toBeNull();
    // Four answers said "locked", one lock happened: the patient is told once.
    expect(await lockNotices(made.id)).toHaveLength(1);
  });
});

/** The mails telling the patient that this share locked, oldest first. */
const lockNotices = (shareId: string) =>
  database.db
    .selectFrom('outbox')
    .select(['recipient', 'locale', 'data', 'send_after', 'created_at'])
    .where('template', '=', 'result-share-locked')
    .where('dedupe_key', 'like', `result-share-locked:${shareId}:%`)
    .orderBy('created_at')
    .execute();

/** The text messages telling the patient that this share locked. */
const lockTexts = (shareId: string) =>
  database.db
    .selectFrom('phone_messages')
    .select(['recipient', 'locale', 'template', 'data', 'send_after'])
    .where('template', '=', 'result-share-locked')
    .where('dedupe_key', 'like', `result-share-locked:${shareId}:%`)
    .execute();

/** A code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Five wrong codes through the doctor's page: the last locks the share. */
async function lockWithWrongCodes(token: string, code: string) {
  const ip = newAddress();
  for (let attempt = 1; attempt < 5; attempt++) expect((await openShare(token, ip, otherThan(code))).appCode).toBe('SHARE_CODE_WRONG');
  expect(await openShare(token, ip, otherThan(code))).toMatchObject({ appCode: 'SHARE_GONE', details: { reason: 'locked' } });
  return ip;
}

describe('when wrong codes lock a share', () => {
  it('tells the patient once, by mail in their language and by text to their confirmed number, naming no test and no value', async () => {
    const patient = await createTestUser(database.db, 'customer', { name: 'Lina Al-Otaibi' });
    const phone = `+9665${String(Date.now()).slice(-8)}`;
    await database.db.updateTable('user_profiles').set({ locale: 'en' }).where('id', '=', patient.id).execute();
    await database.db.updateTable('users').set({ phone, phone_verified_at: new Date() }).where('id', '=', patient.id).execute();
    const bookingId = await releasedElectrolytes(patient.id, 2, '5.9');
    const made = await share([bookingId], { withCode: true, owner: patient });

    const ip = newAddress();
    for (let attempt = 1; attempt < 5; attempt++) await openShare(made.token, ip, otherThan(made.code!));
    // Four wrong codes tell nobody anything: the doctor may just have mistyped.
    expect(await lockNotices(made.id)).toEqual([]);
    expect(await openShare(made.token, ip, otherThan(made.code!))).toMatchObject({ appCode: 'SHARE_GONE', details: { reason: 'locked' } });

    const [mail, ...moreMails] = await lockNotices(made.id);
    expect(moreMails).toEqual([]);
    expect(mail).toMatchObject({ recipient: patient.email, locale: 'en' });
    // A security notice goes at once, whatever the hour.
    expect(mail!.send_after.getTime()).toBeLessThanOrEqual(Date.now());
    const texts = await lockTexts(made.id);
    expect(texts).toEqual([expect.objectContaining({ recipient: phone, locale: 'en' })]);
    expect(texts[0]!.send_after.getTime()).toBeLessThanOrEqual(Date.now());

    // More wrong codes, and the right one, meet a locked share: nothing more is sent.
    await openShare(made.token, ip, otherThan(made.code!));
    await openShare(made.token, newAddress(), made.code!);
    expect(await lockNotices(made.id)).toHaveLength(1);
    expect(await lockTexts(made.id)).toHaveLength(1);

    const message = { template: 'result-share-locked', data: withAbsoluteLinks(mail!.data, testEnv.PUBLIC_URL) } as MailMessage;
    const rendered = renderMail(message, 'en', { publicUrl: testEnv.PUBLIC_URL });
    expect(rendered.subject).toBe('A link you shared with a doctor was locked — Tahaleel');
    expect(rendered.text).toContain('The link opens nothing now');
    expect(rendered.text.split('\n')).toContain(`${testEnv.PUBLIC_URL}/dashboard?section=results`);
    const text = renderPhoneText({ template: 'result-share-locked', data: texts[0]!.data } as PhoneText, 'en', testEnv.PUBLIC_URL);
    expect(text).toContain('locked after 5 wrong codes');
    const written = [JSON.stringify(mail!.data), JSON.stringify(texts[0]!.data)];
    for (const words of [rendered.subject, rendered.text, rendered.html, text, ...written]) {
      // The value as a number of its own: a timestamp's seconds (…45.995Z) are not it.
      expect(words).not.toMatch(/Electrolytes|Sodium|Potassium|Chloride|mmol|\b5\.9\b/);
      expect(words).not.toContain(made.token);
      expect(words).not.toContain(made.code!);
    }
    // Nor the other values (the HTML's styles have numbers of their own).
    for (const words of [rendered.subject, rendered.text, text, ...written]) expect(words).not.toMatch(/\b(140|101)\b/);
  });

  it('lets the patient issue a new code: the doctor opens the same link with it, the old code no longer works, and it is recorded', async () => {
    const made = await share([bookings.recent], { withCode: true });
    await lockWithWrongCodes(made.token, made.code!);
    const patient = await callerFor(database.db, customer);

    const issued = await patient.resultShares.newCode({ id: made.id });
    expect(issued).toMatchObject({ id: made.id, code: expect.stringMatching(/^\d{6}$/), expiresAt: made.expiresAt });
    expect((await patient.resultShares.list()).find((entry) => entry.id === made.id)).toMatchObject({
      standing: 'active',
      withCode: true,
      lockedAt: null,
    });
    const row = await database.db.selectFrom('result_shares').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.wrong_codes).toBe(0);
    expect(JSON.stringify(row)).not.toContain(issued.code);

    const ip = newAddress();
    expect((await page(made.token, ip)).status).toBe(200);
    if (issued.code !== made.code) {
      expect(await openShare(made.token, ip, made.code!)).toMatchObject({ appCode: 'SHARE_CODE_WRONG', details: { attemptsLeft: 4 } });
    }
    const opened = await openShare(made.token, ip, issued.code);
    expect(opened.status).toBe(200);
    expect(opened.data.reports.map((report) => report.bookingId)).toEqual([bookings.recent]);

    expect(await auditOf('result_share', made.id)).toContainEqual({
      action: 'result_share.new_code',
      actor_id: customer.id,
      details: { unlocked: true, wrongCodes: 5 },
    });
    // The new code is no secret kept elsewhere: not in the audit log either.
    expect(JSON.stringify(await auditOf('result_share', made.id))).not.toContain(issued.code);

    // Locked again by five wrong codes (the old code counted as one), the patient is told again: once per lock.
    const wrongCodesLeft = issued.code !== made.code ? 4 : 5;
    for (let attempt = 0; attempt < wrongCodesLeft; attempt++) await openShare(made.token, ip, otherThan(issued.code));
    expect((await patient.resultShares.list()).find((entry) => entry.id === made.id)?.standing).toBe('locked');
    expect(await lockNotices(made.id)).toHaveLength(2);
  });

  it('lets no other customer issue a code for a share: it is not found, and the share stays locked', async () => {
    const made = await share([bookings.recent], { withCode: true });
    await lockWithWrongCodes(made.token, made.code!);
    const stranger = await callerFor(database.db, otherCustomer);
    expect(await refusal(stranger.resultShares.newCode({ id: made.id }))).toMatchObject({ code: 'NOT_FOUND' });

    const patient = await callerFor(database.db, customer);
    expect((await patient.resultShares.list()).find((entry) => entry.id === made.id)?.standing).toBe('locked');
    expect((await auditOf('result_share', made.id)).map((entry) => entry.action)).not.toContain('result_share.new_code');
    expect((await openShare(made.token, newAddress(), made.code!)).appCode).toBe('SHARE_GONE');
  });

  it('gives a revoked or expired share no new code: it stays ended', async () => {
    const patient = await callerFor(database.db, customer);
    const revoked = await share([bookings.recent], { withCode: true });
    await patient.resultShares.revoke({ id: revoked.id });
    expect(await refusal(patient.resultShares.newCode({ id: revoked.id }))).toMatchObject({ appCode: 'SHARE_GONE' });

    const expired = await share([bookings.recent], { withCode: true, days: 1 });
    await sql`update result_shares set created_at = now() - interval '3 days', expires_at = now() - interval '2 days' where id = ${expired.id}`.execute(
      database.db,
    );
    expect(await refusal(patient.resultShares.newCode({ id: expired.id }))).toMatchObject({ appCode: 'SHARE_GONE' });

    const standings = (await patient.resultShares.list()).filter((entry) => [revoked.id, expired.id].includes(entry.id));
    expect(standings.map((entry) => entry.standing).sort()).toEqual(['expired', 'revoked']);
  });
});

describe('what a share may hold', () => {
  it('refuses another customer’s booking, and makes nothing', async () => {
    const patient = await callerFor(database.db, customer);
    const before = await database.db
      .selectFrom('result_shares')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      await refusal(patient.resultShares.create({ bookingIds: [bookings.recent, bookings.othersReport], days: 7, withCode: false })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const after = await database.db
      .selectFrom('result_shares')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a booking whose report is still the lab’s draft', async () => {
    const patient = await callerFor(database.db, customer);
    expect(await refusal(patient.resultShares.create({ bookingIds: [bookings.draftOnly], days: 7, withCode: false }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await patient.resultShares.shareable()).map((entry) => entry.bookingId)).not.toContain(bookings.draftOnly);
  });

  it('refuses 0 and 31 days', async () => {
    const patient = await callerFor(database.db, customer);
    for (const days of [0, 31]) {
      expect(await refusal(patient.resultShares.create({ bookingIds: [bookings.recent], days, withCode: false }))).toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
  });

  it('opens only the shared bookings’ files: another file of the patient’s is not found through the link', async () => {
    const made = await share([bookings.recent]);
    const ip = newAddress();
    const response = await download(made.token, fileId, ip);
    expect(response.status).toBe(404);
    expect(await auditOf('result_file', fileId)).not.toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ shareId: made.id }) }),
    );
  });
});

describe('guessing', () => {
  it('limits the attempts from one address', async () => {
    const ip = newAddress();
    const answers = [];
    for (let attempt = 0; attempt < 61; attempt++) answers.push((await openShare('B'.repeat(43), ip)).appCode);
    expect(answers.slice(0, 60).every((code) => code === 'NOT_FOUND')).toBe(true);
    expect(answers[60]).toBe('RATE_LIMITED');
    expect((await page('B'.repeat(43), ip)).status).toBe(429);
  });
});
