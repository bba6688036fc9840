import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { retryDelaySeconds } from '../../platform/outbox-backoff.ts';
import type { MailTransport } from './mail-transports.ts';
import { type ClaimedMail, claimDueMail, markMailFailed, markMailSent, markMailSkipped } from './outbox.repository.ts';
import { type MailMessage, mailCategory, renderMail } from './templates.tsx';

/** After this many failed attempts (the last about 32 minutes after the first) a mail is given up. */
export const MAX_ATTEMPTS = 8;

export interface OutboxSenderOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  /** `MAIL_FROM`, e.g. `Tahaleel <no-reply@tahaleel.sa>`. */
  from: string;
  publicUrl: string;
  /** How long a claimed mail stays this sender's before another may take it over. */
  leaseSeconds?: number;
  pollMs?: number;
  batchSize?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface OutboxSender {
  /** Sends every mail due now; resolves with how many were handled (sent, skipped or failed). */
  drain(): Promise<number>;
  /** Sends due mail every `pollMs` until stopped. */
  start(): void;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Links written as paths (`/dashboard`) by the services, made absolute at PUBLIC_URL. */
export function withAbsoluteLinks(data: unknown, publicUrl: string): unknown {
  if (typeof data !== 'object' || data === null) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      (key === 'link' || key.endsWith('Link')) && typeof value === 'string' && value.startsWith('/')
        ? new URL(value, publicUrl).toString()
        : value,
    ]),
  );
}

/** Why a due mail should not go out any more, or null. */
function skipReason(mail: ClaimedMail, message: MailMessage, now: Date): string | null {
  if (mailCategory(message.template) === 'reminders' && mail.reminder_mail === false) return 'the user turned reminders off';
  if (message.template === 'booking-reminder' && new Date(message.data.startsAt).getTime() <= now.getTime()) {
    return 'the appointment has passed';
  }
  return null;
}

/**
 * Delivers the outbox: at least once, with the outbox row's id as the Message-ID so a mail sent again
 * after a crash (sent, then the process died before marking it) is the same message to the receiver.
 */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { db, transport, from, publicUrl, leaseSeconds = 60, pollMs = 1000, batchSize = 10 } = options;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const host = new URL(publicUrl).hostname;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function deliver(mail: ClaimedMail): Promise<void> {
    const message = { template: mail.template, data: withAbsoluteLinks(mail.data, publicUrl) } as MailMessage;
    try {
      const reason = skipReason(mail, message, new Date());
      if (reason) {
        await markMailSkipped(db, mail.id, reason);
        return;
      }
      const rendered = renderMail(message, mail.locale, { publicUrl });
      const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
      if (message.template === 'newsletter-confirm') {
        headers['List-Unsubscribe'] = `<${message.data.unsubscribeLink}>`;
      }
      await transport.send({ messageId: `<${mail.id}@${host}>`, from, to: mail.recipient, ...rendered, headers });
      await markMailSent(db, mail.id, transport.name, transport.keepsContent);
    } catch (error) {
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(Date.now() + retryDelaySeconds(mail.attempts) * 1000);
      log(`Mail ${mail.id} (${mail.template}) failed on attempt ${mail.attempts}${giveUp ? '; given up' : ''}:`, error);
      await markMailFailed(db, mail.id, error instanceof Error ? error.message : String(error), retryAt, giveUp);
    }
  }

  async function drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await claimDueMail(db, batchSize, leaseSeconds);
      if (batch.length === 0) return handled;
      for (const mail of batch) await deliver(mail);
      handled += batch.length;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = drain()
        .catch((error) => log('The outbox sender could not read the outbox:', error))
        .finally(schedule);
    }, pollMs);
  }

  return {
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
