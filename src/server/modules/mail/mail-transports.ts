import { createTransport } from 'nodemailer';
import { circuitsByKey, OUTSIDE_READ_TIMEOUT_MS } from '../../platform/circuit-breaker.ts';
import type { MailAttachment } from './templates.tsx';

export interface OutgoingMail {
  /** Stable per outbox row, so a mail sent again after a crash is recognisably the same message. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Recorded on the outbox row: where the mail went. */
  readonly name: 'smtp' | 'dev';
  /** Whether the outbox keeps the mail's content after sending (the development mailbox shows it). */
  readonly keepsContent: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The relay did not answer in time or could not be reached, or was not asked (its circuit is open). */
export class SmtpOutageError extends Error {
  override name = 'SmtpOutageError';
}

/** nodemailer's codes for no connection, no greeting in time, or a socket gone quiet. */
const OUTAGE_CODES = new Set(['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET']);

/** One circuit per relay (platform/circuit-breaker.ts): the outbox's next mails fail at once while it is down. */
const relayCircuit = circuitsByKey({
  isOutage: (error) => error instanceof SmtpOutageError,
  openError: () => new SmtpOutageError('SMTP relay is down: not asked again until it has had time to recover'),
});

/**
 * Delivers over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587; STARTTLS when the server offers it).
 * The relay must connect, greet and answer each step within 3 s; one that does not opens its circuit,
 * and the outbox tries the mail again later (with backoff), as after any failure.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = createTransport({
    url,
    connectionTimeout: OUTSIDE_READ_TIMEOUT_MS,
    greetingTimeout: OUTSIDE_READ_TIMEOUT_MS,
    socketTimeout: OUTSIDE_READ_TIMEOUT_MS,
  });
  const relay = new URL(url);
  const circuit = relayCircuit(`${relay.hostname}:${relay.port}`);
  const sendMail = async (message: Parameters<typeof transporter.sendMail>[0]) => {
    try {
      return await transporter.sendMail(message);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && OUTAGE_CODES.has(code))
        throw new SmtpOutageError(`SMTP relay unreachable: ${String(error)}`, { cause: error });
      throw error;
    }
  };
  return {
    name: 'smtp',
    keepsContent: false,
    async send(mail) {
      await circuit.run(() =>
        sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers,
          attachments: mail.attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
        }),
      );
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL (development, `npm start`): each mail is kept in the outbox for the development
 * mailbox page (/dev/mailbox) and its subject and links are printed to the console.
 */
export function developmentTransport(publicUrl: string, log: (line: string) => void = console.log): MailTransport {
  return {
    name: 'dev',
    keepsContent: true,
    async send(mail) {
      const links = [...new Set(mail.text.match(/https?:\/\/\S+/g) ?? [])];
      log(`✉  ${mail.to} — ${mail.subject}${links.map((link) => `\n   ${link}`).join('')}\n   (${publicUrl}/dev/mailbox)`);
    },
    close() {},
  };
}
