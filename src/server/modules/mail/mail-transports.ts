import { createTransport } from 'nodemailer';
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

/** Delivers over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587; STARTTLS when the server offers it). */
export function smtpTransport(url: string): MailTransport {
  const transporter = createTransport(url);
  return {
    name: 'smtp',
    keepsContent: false,
    async send(mail) {
      await transporter.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        attachments: mail.attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
      });
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
