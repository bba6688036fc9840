import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/server/modules/mail/mail.service.ts';
import { claimDueMail } from '../../src/server/modules/mail/outbox.repository.ts';
import { MAX_ATTEMPTS } from '../../src/server/modules/mail/outbox-sender.ts';
import { type DatabaseWithMail, openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { testEnv } from '../setup/fixtures.ts';
import type { TestSmtpServer } from '../setup/smtp.ts';
import type { TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let smtp: TestSmtpServer;
let mail: DatabaseWithMail;

beforeAll(async () => {
  mail = await openDatabaseWithMail();
  ({ database, smtp } = mail);
});
afterAll(() => mail.close());

const newSender = (leaseSeconds = 60) => mail.newSender({ leaseSeconds, log: () => {} });

async function queueResultsMail(email: string, dedupeKey?: string) {
  await database.db.transaction().execute((tx) =>
    enqueueMail(tx, {
      to: email,
      locale: 'ar',
      message: { template: 'results-ready', data: { name: 'ريم', link: `${testEnv.PUBLIC_URL}/dashboard` } },
      dedupeKey,
    }),
  );
}

const statusOf = (email: string) =>
  database.db
    .selectFrom('outbox')
    .select(['id', 'status', 'attempts', 'data', 'transport', 'last_error'])
    .where('recipient', '=', email)
    .executeTakeFirstOrThrow();

describe('the outbox', () => {
  it('a mail written with its event exists only if the event commits', async () => {
    const email = `rollback-${randomUUID()}@example.sa`;
    await expect(
      database.db.transaction().execute(async (tx) => {
        await enqueueMail(tx, {
          to: email,
          locale: 'en',
          message: { template: 'results-ready', data: { name: 'Reem', link: 'http://x' } },
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await newSender().drain();
    expect(smtp.to(email)).toHaveLength(0);
    expect(await database.db.selectFrom('outbox').select('id').where('recipient', '=', email).execute()).toHaveLength(0);
  });

  it('delivers over SMTP with the row’s id as Message-ID, then keeps no content', async () => {
    const email = `sent-${randomUUID()}@example.sa`;
    await queueResultsMail(email);
    expect(await newSender().drain()).toBeGreaterThanOrEqual(1);
    const [mail] = smtp.to(email);
    const row = await statusOf(email);
    expect(mail!.messageId).toBe(`<${row.id}@localhost>`);
    expect(mail!.from).toContain('no-reply@localhost');
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', data: { delivered: true } });
  });

  it('a dedupe key makes a repeated event one mail', async () => {
    const email = `dedupe-${randomUUID()}@example.sa`;
    await queueResultsMail(email, `results:${email}`);
    await queueResultsMail(email, `results:${email}`);
    await newSender().drain();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('a refused delivery is tried again later, with backoff, and sent once', async () => {
    const email = `retry-${randomUUID()}@example.sa`;
    await queueResultsMail(email);
    smtp.refuseNext(1);
    const sender = newSender();
    await sender.drain();
    let row = await statusOf(email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/451|later/i);
    // Not due yet: the retry waits.
    await sender.drain();
    expect(smtp.to(email)).toHaveLength(0);
    await sql`update outbox set send_after = now() where id = ${row.id}`.execute(database.db);
    await sender.drain();
    row = await statusOf(email);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.to(email)).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const email = `gives-up-${randomUUID()}@example.sa`;
    await queueResultsMail(email);
    const { id } = await statusOf(email);
    await sql`update outbox set attempts = ${MAX_ATTEMPTS - 1} where id = ${id}`.execute(database.db);
    smtp.refuseNext(1);
    await newSender().drain();
    expect(await statusOf(email)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('a restart between the event and the send loses nothing and sends nothing twice', async () => {
    const email = `restart-${randomUUID()}@example.sa`;
    await queueResultsMail(email);
    // A process claims the mail and dies before sending it: its claim lapses, another sender takes over.
    const claimed = await claimDueMail(database.db, 100, 1);
    expect(claimed.map((mail) => mail.recipient)).toContain(email);
    const restarted = newSender();
    await restarted.drain();
    expect(smtp.to(email)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await restarted.drain();
    await restarted.drain();
    expect(smtp.to(email)).toHaveLength(1);
    expect(await statusOf(email)).toMatchObject({ status: 'sent' });
  });

  it('two senders at once (two server processes) send each mail once', async () => {
    const emails = Array.from({ length: 12 }, () => `pair-${randomUUID()}@example.sa`);
    for (const email of emails) await queueResultsMail(email);
    const first = newSender();
    const second = newSender();
    await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);
    for (const email of emails) expect(smtp.to(email)).toHaveLength(1);
  });

  it('a sender started in the background delivers within its poll interval, and stops cleanly', async () => {
    const email = `loop-${randomUUID()}@example.sa`;
    const sender = mail.newSender({ pollMs: 50 });
    sender.start();
    await queueResultsMail(email);
    await smtp.waitFor(email, undefined, 5000);
    await sender.stop();
    expect(smtp.to(email)).toHaveLength(1);
  });
});
