// Apart from smtp.ts, which the e2e server imports outside vitest: a test database is vitest's alone.
import { smtpTransport } from '../../src/server/modules/mail/mail-transports.ts';
import { createOutboxSender, type OutboxSender, type OutboxSenderOptions } from '../../src/server/modules/mail/outbox-sender.ts';
import { testEnv } from './fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';
import { openTestDatabase, type TestDatabase } from './test-db.ts';

export interface DatabaseWithMail {
  database: TestDatabase;
  /** The SMTP server the mail arrives at: the recipients' inboxes. */
  smtp: TestSmtpServer;
  /** The outbox's sender as the server runs it, to `smtp`; `drain()` sends every mail due now. */
  sender: OutboxSender;
  /** Another sender of the same outbox to `smtp`, with its own lease, poll interval or log. */
  newSender(options?: Pick<OutboxSenderOptions, 'leaseSeconds' | 'pollMs' | 'log'>): OutboxSender;
  /** Stops the SMTP server, then closes the database. */
  close(): Promise<void>;
}

/**
 * A private copy of the test database whose outbox is sent over SMTP to a real server in this process,
 * from MAIL_FROM with links at PUBLIC_URL of the test environment, as the app's mail goes out: the set-up
 * of a test that reads the mail a user gets.
 */
export async function openDatabaseWithMail(): Promise<DatabaseWithMail> {
  const database = await openTestDatabase();
  const smtp = await startSmtpServer();
  const newSender: DatabaseWithMail['newSender'] = (options = {}) =>
    createOutboxSender({
      db: database.db,
      transport: smtpTransport(smtp.url),
      from: testEnv.MAIL_FROM,
      publicUrl: testEnv.PUBLIC_URL,
      ...options,
    });
  return {
    database,
    smtp,
    sender: newSender(),
    newSender,
    async close() {
      await smtp.close();
      await database.close();
    },
  };
}
