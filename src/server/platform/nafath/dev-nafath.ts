import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import {
  callbackClaims,
  type NafathCallbackBody,
  type NafathProvider,
  type NafathStatus,
  NafathUnavailableError,
} from './nafath-provider.ts';
import { localKeySet, verifyNafathToken } from './nafath-token.ts';

/**
 * How the development provider answers, by the ID number's ninth digit (the one before the check digit),
 * so `npm start` can show every outcome: 8 is never answered (the request expires at the end of its
 * lifetime), 9 is rejected in the "app", any other is approved: 1000000016 completes, 1000000081 expires,
 * 1000000099 is rejected (each with its check digit; README, "Nafath in development").
 */
export function devNafathOutcome(nationalId: string): 'completed' | 'rejected' | 'expired' {
  const digit = nationalId[8];
  return digit === '8' ? 'expired' : digit === '9' ? 'rejected' : 'completed';
}

/** A plausible name for a development ID number, the same each time: Arabic and English parts that go together. */
const FIRST = [
  ['محمد', 'Mohammed'],
  ['سارة', 'Sarah'],
  ['عبدالله', 'Abdullah'],
  ['نورة', 'Noura'],
  ['فهد', 'Fahad'],
  ['ريم', 'Reem'],
] as const;
const FATHER = [
  ['عبدالرحمن', 'Abdulrahman'],
  ['سعد', 'Saad'],
  ['خالد', 'Khalid'],
  ['ناصر', 'Nasser'],
] as const;
const GRANDFATHER = [
  ['إبراهيم', 'Ibrahim'],
  ['علي', 'Ali'],
  ['سليمان', 'Sulaiman'],
] as const;
const FAMILY = [
  ['العتيبي', 'Alotaibi'],
  ['القحطاني', 'Alqahtani'],
  ['الدوسري', 'Aldosari'],
  ['الشمري', 'Alshammari'],
  ['الغامدي', 'Alghamdi'],
] as const;

function pick<T>(list: readonly T[], digits: string): T {
  return list[Number(digits) % list.length] as T;
}

interface DevRequest {
  nationalId: string;
  requestId: string;
  outcome: 'completed' | 'rejected' | 'expired';
  decidesAt: number;
  expiresAt: number;
}

export interface DevNafathOptions {
  /** Where the provider posts its callbacks: the same handling as Nafath's own callback route. */
  deliver(body: NafathCallbackBody): Promise<unknown>;
  /** How long the "person" takes to answer. */
  answerAfterMs?: number;
  /** The request's lifetime, as Nafath's. */
  lifetimeSeconds: number;
}

/**
 * Development's provider: nothing leaves the machine. A request is answered in process a few seconds
 * later as devNafathOutcome says, and its callback is a token signed with this process's own RSA key, posted
 * to the same handling a real one reaches, so the signature check, the status and the person's name run
 * as with Elm.
 */
export function devNafath(options: DevNafathOptions): NafathProvider {
  const answerAfterMs = options.answerAfterMs ?? 4000;
  const requests = new Map<string, DevRequest>();
  const keyPair = crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
  const publicJwk = keyPair.then(async (pair) => ({
    ...(await crypto.subtle.exportKey('jwk', pair.publicKey)),
    kid: 'dev',
    use: 'sig',
    alg: 'RS256',
  }));

  async function sign(payload: Record<string, unknown>): Promise<string> {
    const { privateKey } = await keyPair;
    const encode = (value: unknown) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));
    const signed = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'dev' })}.${encode(payload)}`;
    const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, new TextEncoder().encode(signed));
    return `${signed}.${encodeBase64urlNoPadding(new Uint8Array(signature))}`;
  }

  async function answer(transId: string, request: DevRequest) {
    const status: NafathStatus = request.outcome === 'completed' ? 'COMPLETED' : 'REJECTED';
    const digits = request.nationalId.slice(1);
    const [first, father, grandfather, family] = [
      pick(FIRST, digits.slice(0, 3)),
      pick(FATHER, digits.slice(3, 5)),
      pick(GRANDFATHER, digits.slice(5, 7)),
      pick(FAMILY, digits.slice(7)),
    ];
    const now = Math.floor(Date.now() / 1000);
    const person =
      status === 'COMPLETED'
        ? {
            [request.nationalId.startsWith('1') ? 'nin' : 'iqamaNumber']: request.nationalId,
            firstName: first[0],
            fatherName: father[0],
            grandFatherName: grandfather[0],
            familyName: family[0],
            englishFirstName: first[1],
            englishSecondName: father[1],
            englishThirdName: grandfather[1],
            englishLastName: family[1],
          }
        : {};
    const token = await sign({ iss: 'Nafath (development)', transId, status, iat: now, nbf: now, exp: now + 120, ...person });
    await options.deliver({ token, transId, requestId: request.requestId });
  }

  return {
    name: 'dev',
    async startRequest({ nationalId, requestId }) {
      const transId = crypto.randomUUID();
      const now = Date.now();
      const request: DevRequest = {
        nationalId,
        requestId,
        outcome: devNafathOutcome(nationalId),
        decidesAt: now + answerAfterMs,
        expiresAt: now + options.lifetimeSeconds * 1000,
      };
      requests.set(transId, request);
      if (request.outcome !== 'expired') {
        const timer = setTimeout(() => {
          answer(transId, request).catch((error: unknown) => console.error('the development Nafath could not post its callback', error));
        }, answerAfterMs);
        timer.unref?.();
      }
      // Two digits, as Nafath's app shows them.
      return { transId, random: String(10 + Math.floor(Math.random() * 90)) };
    },
    async requestStatus({ transId }) {
      const request = requests.get(transId);
      if (!request) throw new NafathUnavailableError('the development Nafath has no such request');
      const now = Date.now();
      if (request.outcome === 'expired') return now >= request.expiresAt ? 'EXPIRED' : 'WAITING';
      if (now < request.decidesAt) return 'WAITING';
      return request.outcome === 'completed' ? 'COMPLETED' : 'REJECTED';
    },
    async verifyCallbackToken(token) {
      return callbackClaims(await verifyNafathToken(token, localKeySet([await publicJwk])));
    },
  };
}
