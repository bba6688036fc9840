// A real SMTP server in the test process (smtp-server, from Nodemailer's authors): the app's mail goes
// to it over TCP exactly as it would to a relay, and the tests read what arrived, parsed by mailparser.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Map<string, unknown>;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
  /** Every http(s) link in the plain-text part, in order. */
  links: string[];
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Mails to this address so far. */
  to(address: string): ReceivedMail[];
  /** Resolves with the first mail to `address` matching `test`, waiting up to `timeoutMs`. */
  waitFor(address: string, test?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The next `count` deliveries are refused with a temporary error (451). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const recipients = [parsed.to].flat().flatMap((address) => address?.value.map((value) => value.address ?? '') ?? []);
          mails.push({
            to: recipients.map((address) => address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text,
            messageId: parsed.messageId ?? '',
            headers: parsed.headers,
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              content: attachment.content.toString('utf8'),
            })),
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, test = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = to(address).find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
