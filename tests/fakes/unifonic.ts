// A fake of Unifonic's SMS REST API (https://docs.unifonic.com/reference/sms-api), speaking its published
// protocol on 127.0.0.1 for tests: POST /rest/SMS/messages with AppSid, SenderID, Recipient and Body as a
// form (or in the query, as the API reference lists them), answered with the reference's envelope
// { success, message, errorCode: "ER-00", data: { MessageID, CorrelationID, Status, NumberOfUnits, Cost,
// Balance, Recipient, TimeCreated, CurrencyCode } }. A refused request answers the status "HTTP Status
// Codes" gives it (https://docs.unifonic.com/reference/http-status-codes); the docs show no body for
// those, so the fake answers the envelope with the status's title as its message. A Saudi number of the
// wrong length is refused as the reference's failure example is (success false, ER-04 "Dest num is too
// short"; ER-03 when too long). Only Saudi numbers are routed (966 and nine digits): the app sends no
// other. `failNext(n)` answers the next n requests HTTP 500, as a gateway in trouble would.
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsSegments } from '../../src/server/platform/sms/sms-provider.ts';

/** A message the fake took, as a phone would get it. */
export interface FakeUnifonicMessage {
  recipient: string;
  body: string;
  sender: string;
  messageId: string;
}

/** A request as it arrived, taken or not: what a test checks the wire with. */
export interface FakeUnifonicRequest {
  contentType: string;
  fields: Record<string, string>;
}

/** The reference's example ids have fourteen digits; the fake counts on from one of them. */
const FIRST_MESSAGE_ID = 42_000_348_806_924;

export async function startFakeUnifonic(options: { appSid: string; port?: number }) {
  const messages: FakeUnifonicMessage[] = [];
  const requests: FakeUnifonicRequest[] = [];
  let failing = 0;
  // Each fake counts on from its own point, as the real one never gives two messages one id.
  let nextMessageId = FIRST_MESSAGE_ID + randomInt(0, 1_000_000_000);

  function answer(res: ServerResponse, status: number, envelope: Record<string, unknown>) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(envelope));
  }
  /** A request refused with one of the documented statuses and its title. */
  const refuse = (res: ServerResponse, status: number, title: string) => answer(res, status, { success: false, message: title, data: {} });
  /** A message refused with its ER code, as the reference's failure example. */
  const reject = (res: ServerResponse, errorCode: string, message: string) =>
    answer(res, 200, { success: false, message, errorCode, data: {} });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST' || url.pathname !== '/rest/SMS/messages') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not Found');
    }
    const fields = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(await readText(req))) };
    requests.push({ contentType: req.headers['content-type'] ?? '', fields });
    if (failing > 0) {
      failing -= 1;
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('Internal Server Error');
    }
    if (!fields.AppSid) return refuse(res, 402, 'Missing parameter AppSid');
    if (fields.AppSid !== options.appSid) return refuse(res, 401, 'Authentication failed');
    const recipient = fields.Recipient;
    if (!recipient) return refuse(res, 422, 'No recipient parameter specified');
    if (!/^\d+$/.test(recipient)) return refuse(res, 410, 'Invalid recipient format');
    if (!recipient.startsWith('966')) return refuse(res, 482, 'Invalid dest num');
    if (recipient.length < 12) return reject(res, 'ER-04', 'Dest num is too short');
    if (recipient.length > 12) return reject(res, 'ER-03', 'Dest num is too long');
    if (fields.Body === undefined) return refuse(res, 421, 'No message body specified');
    if (fields.Body === '') return refuse(res, 449, 'Message body is empty');

    const messageId = nextMessageId++;
    // No SenderID: "the system will use the default SenderID".
    messages.push({ recipient, body: fields.Body, sender: fields.SenderID ?? '', messageId: String(messageId) });
    return answer(res, 200, {
      success: true,
      message: '',
      errorCode: 'ER-00',
      data: {
        MessageID: messageId,
        CorrelationID: fields.CorrelationID ?? '',
        Status: 'Sent',
        NumberOfUnits: smsSegments(fields.Body).segments,
        Cost: 0,
        Balance: 0,
        Recipient: recipient,
        TimeCreated: new Date().toISOString().replace('T', ' ').replace('Z', ''),
        CurrencyCode: '',
      },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));

  return {
    /** UNIFONIC_API_URL for the app: the base the API's paths hang from. */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    requests,
    /** The next `count` requests are answered HTTP 500, whatever they carry. */
    failNext(count: number) {
      failing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeUnifonic = Awaited<ReturnType<typeof startFakeUnifonic>>;

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
