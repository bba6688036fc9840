// A fake of Elm's Nafath MFA API (ADR 0096 names the shapes and their sources), speaking it on 127.0.0.1
// for tests: every call needs the service provider's APP-ID and APP-KEY headers (else 401);
// POST /api/v1/mfa/request?local=&requestId= with { nationalId, service } answers { transId, random }, or
// 400 { code: "400-034-050" } while a request for the number is still waiting; POST /api/v1/mfa/request/status
// with { nationalId, transId, random } answers { status }; GET /api/v1/mfa/jwk answers the key set its
// callbacks are signed with (RS256, its own RSA key). What the person does in the app is scripted by the
// test: `script(nationalId, outcome)`, then `decide(nationalId)` makes it so, posting the signed callback
// { token, transId, requestId } to the app as Elm does (none for an expired request).
import { generateKeyPairSync, type KeyObject, randomInt, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Status = 'WAITING' | 'COMPLETED' | 'REJECTED' | 'EXPIRED';

/** What the person does in the Nafath app; `complete` with the name Nafath holds for them. */
export type FakeNafathOutcome = { outcome: 'complete'; person: FakeNafathPerson } | { outcome: 'reject' } | { outcome: 'expire' };

/** The person's data as the token's claims carry it (Arabic name parts, English name parts). */
export interface FakeNafathPerson {
  firstName: string;
  fatherName: string;
  grandFatherName: string;
  familyName: string;
  englishFirstName: string;
  englishSecondName: string;
  englishThirdName: string;
  englishLastName: string;
}

export interface FakeNafathTransaction {
  transId: string;
  requestId: string;
  nationalId: string;
  random: string;
  service: string;
  local: string;
  status: Status;
}

export interface FakeNafathOptions {
  appId: string;
  appKey: string;
  /** Posts a callback to the app under test (as Elm posts to the registered URL); answers the HTTP status. */
  postCallback(body: { token: string; transId: string; requestId: string }): Promise<number>;
  port?: number;
}

/** A key pair of its own, to sign what Nafath did not: the forged tokens of the attack tests. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

/** A compact JWS signed RS256 with `key`. */
export function signJwt(key: KeyObject, payload: Record<string, unknown>, kid = 'fake-nafath-1'): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(payload)}`;
  return `${signed}.${sign('sha256', Buffer.from(signed), key).toString('base64url')}`;
}

export async function startFakeNafath(options: FakeNafathOptions) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'fake-nafath-1', use: 'sig', alg: 'RS256' };
  const transactions: FakeNafathTransaction[] = [];
  const scripts = new Map<string, FakeNafathOutcome>();

  function answer(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers['app-id'] !== options.appId || req.headers['app-key'] !== options.appKey) {
      return answer(res, 401, { code: '401-000-000', message: 'Unauthorized' });
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/mfa/jwk') return answer(res, 200, { keys: [jwk] });
    if (req.method !== 'POST') return answer(res, 404, { code: '404-000-000', message: 'No Mapping Rule matched' });
    const body = parseObject(await readText(req));
    if (url.pathname === '/api/v1/mfa/request') {
      const requestId = url.searchParams.get('requestId');
      const local = url.searchParams.get('local') ?? 'ar';
      const { nationalId, service } = body ?? {};
      if (!requestId || typeof nationalId !== 'string' || typeof service !== 'string' || service === '' || !['ar', 'en'].includes(local))
        return answer(res, 400, { code: '422-031-046', message: 'Invalid data' });
      if (transactions.some((t) => t.nationalId === nationalId && t.status === 'WAITING'))
        return answer(res, 400, { code: '400-034-050', message: 'There is an active transaction for this national id' });
      const transaction: FakeNafathTransaction = {
        transId: randomUUID(),
        requestId,
        nationalId,
        random: String(randomInt(10, 100)),
        service,
        local,
        status: 'WAITING',
      };
      transactions.push(transaction);
      return answer(res, 200, { transId: transaction.transId, random: transaction.random });
    }
    if (url.pathname === '/api/v1/mfa/request/status') {
      const found = transactions.find(
        (t) => t.transId === body?.transId && t.nationalId === body?.nationalId && t.random === String(body?.random),
      );
      if (!found) return answer(res, 400, { code: '400-034-051', message: 'Transaction not found' });
      return answer(res, 200, { status: found.status });
    }
    return answer(res, 404, { code: '404-000-000', message: 'No Mapping Rule matched' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => answer(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));

  /** The token Nafath would sign for a transaction's outcome: its status, and the person on COMPLETED. */
  function tokenFor(transaction: FakeNafathTransaction, claims: Record<string, unknown> = {}, key: KeyObject = privateKey) {
    const now = Math.floor(Date.now() / 1000);
    const script = scripts.get(transaction.nationalId);
    const person = transaction.status === 'COMPLETED' && script?.outcome === 'complete' ? script.person : {};
    return signJwt(key, {
      iss: 'Nafath App',
      aud: 'Tahaleel',
      transId: transaction.transId,
      status: transaction.status,
      iat: now,
      nbf: now,
      exp: now + 60,
      ...(transaction.status === 'COMPLETED' && {
        [transaction.nationalId.startsWith('1') ? 'nin' : 'iqamaNumber']: transaction.nationalId,
      }),
      ...person,
      ...claims,
    });
  }

  const waitingFor = (nationalId: string) => {
    const transaction = transactions.findLast((t) => t.nationalId === nationalId && t.status === 'WAITING');
    if (!transaction) throw new Error(`the fake Nafath has no waiting request for ${nationalId}`);
    return transaction;
  };

  return {
    /** NAFATH_API_URL for the app. */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    transactions,
    /** What the person with this number will do in the app. */
    script(nationalId: string, outcome: FakeNafathOutcome) {
      scripts.set(nationalId, outcome);
    },
    /**
     * The person does what was scripted for the waiting request of this number: approves (COMPLETED) or
     * rejects it, each posting its signed callback, or lets it expire (no callback). Answers the callback's
     * HTTP status as the app gave it (null when none was posted).
     */
    async decide(nationalId: string): Promise<number | null> {
      const transaction = waitingFor(nationalId);
      const script = scripts.get(nationalId);
      if (!script) throw new Error(`nothing scripted for ${nationalId}`);
      transaction.status = script.outcome === 'complete' ? 'COMPLETED' : script.outcome === 'reject' ? 'REJECTED' : 'EXPIRED';
      if (transaction.status === 'EXPIRED') return null;
      return options.postCallback({ token: tokenFor(transaction), transId: transaction.transId, requestId: transaction.requestId });
    },
    /** The waiting transaction of a number, for tests that post callbacks of their own. */
    waitingFor,
    /** A token as Nafath would sign it for the transaction, claims overridden, or signed with another key. */
    tokenFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeNafath = Awaited<ReturnType<typeof startFakeNafath>>;

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
