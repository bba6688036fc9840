// A fake of Taqnyat's SMS API (https://dev.taqnyat.sa/en/doc/sms), speaking its published protocol on
// 127.0.0.1 for tests: POST /v1/messages with the account's token as `Authorization: Bearer` and a JSON
// body { recipients, body, sender }, numbers international without 00 or +. A message taken answers 201
// { statusCode: 201, messageId, cost, currency, totalCount, msgLength, accepted: "[966…,]", rejected },
// a number it will not send to listed in `rejected`; a refusal answers { statusCode, message }: 401
// "invalid credentials information", 400 with Taqnyat's words for a missing sender, text or number. Only
// Saudi numbers are routed (966 and nine digits): the app sends no other. `failNext(n)` answers the next
// n requests HTTP 500, as a gateway in trouble would.
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsSegments } from '../../src/server/platform/sms/sms-provider.ts';

/** A message the fake took, as a phone would get it (one for each accepted recipient). */
export interface FakeTaqnyatMessage {
  recipient: string;
  body: string;
  sender: string;
  messageId: string;
}

/** A request as it arrived, taken or not: what a test checks the wire with. */
export interface FakeTaqnyatRequest {
  authorization: string;
  contentType: string;
  /** The body as sent, unparsed. */
  body: string;
}

const NO_NUMBERS = 'Mobile(s) number(s) is not specified or incorrect.';
const SAUDI_NUMBER = /^966\d{9}$/;
/** What a part costs, in SAR, as the example answer shows. */
const PART_COST = 0.026;
/** The example answer's id has ten digits; the fake counts on from one like it. */
const FIRST_MESSAGE_ID = 5_452_899_970;

export async function startFakeTaqnyat(options: { bearerToken: string; port?: number }) {
  const messages: FakeTaqnyatMessage[] = [];
  const requests: FakeTaqnyatRequest[] = [];
  let failing = 0;
  // Each fake counts on from its own point, as the real one never gives two messages one id.
  let nextMessageId = FIRST_MESSAGE_ID + randomInt(0, 1_000_000_000);

  function answer(res: ServerResponse, statusCode: number, body: Record<string, unknown>) {
    res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ statusCode, ...body }));
  }
  const refuse = (res: ServerResponse, statusCode: number, message: string) => answer(res, statusCode, { message });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST' || url.pathname !== '/v1/messages') return refuse(res, 404, 'Not Found');
    const text = await readText(req);
    requests.push({ authorization: req.headers.authorization ?? '', contentType: req.headers['content-type'] ?? '', body: text });
    if (failing > 0) {
      failing -= 1;
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('Internal Server Error');
    }
    if (req.headers.authorization !== `Bearer ${options.bearerToken}`) return refuse(res, 401, 'invalid credentials information');
    const request = parseObject(text);
    if (!request) return refuse(res, 400, 'The request body is not JSON.');
    const { recipients, body, sender } = request;
    if (typeof sender !== 'string' || sender === '') return refuse(res, 400, 'Sender name is not specified.');
    if (typeof body !== 'string' || body === '') return refuse(res, 400, 'Message text is not specified or not encoded properly.');
    if (!Array.isArray(recipients)) return refuse(res, 400, NO_NUMBERS);
    // The docs' examples write the numbers unquoted, the SDKs as strings: both are taken.
    const numbers = recipients.filter((number) => typeof number === 'string' || typeof number === 'number').map(String);
    const accepted = numbers.filter((number) => SAUDI_NUMBER.test(number));
    const rejected = numbers.filter((number) => !SAUDI_NUMBER.test(number));
    if (accepted.length === 0) return refuse(res, 400, NO_NUMBERS);

    const messageId = nextMessageId++;
    for (const recipient of accepted) messages.push({ recipient, body, sender, messageId: String(messageId) });
    const parts = smsSegments(body).segments;
    return answer(res, 201, {
      messageId,
      cost: Number((PART_COST * parts * accepted.length).toFixed(4)),
      currency: 'SAR',
      totalCount: accepted.length,
      msgLength: parts,
      accepted: `[${accepted.join(',')},]`,
      rejected: rejected.length > 0 ? `[${rejected.join(',')},]` : '[]',
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
    /** TAQNYAT_API_URL for the app: the base the API's paths hang from. */
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

export type FakeTaqnyat = Awaited<ReturnType<typeof startFakeTaqnyat>>;

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
