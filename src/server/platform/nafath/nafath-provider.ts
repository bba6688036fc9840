// How the app asks Nafath (Elm's national identity app) whether a person is who their ID number says
// (issue #80 part 2, ADR 0096): one NafathProvider, Elm's MFA API (`elm`) or `dev`, which answers in
// process. A request is pushed to the person's Nafath app with a number they pick there; its status can
// be asked (an unsigned word); the person's data arrives only in the signed token of the callback Nafath
// posts, which verifyCallbackToken checks before anything of it is believed.

/** A request's status as Nafath's status endpoint and its callback token name it. */
export type NafathStatus = 'WAITING' | 'COMPLETED' | 'REJECTED' | 'EXPIRED';

export const NAFATH_STATUSES: readonly NafathStatus[] = ['WAITING', 'COMPLETED', 'REJECTED', 'EXPIRED'];

/** What a request asked of Nafath answers: its transaction, and the number the person picks in the app. */
export interface NafathRequestStarted {
  transId: string;
  random: string;
}

/** The body Nafath posts to the callback URL: its signed token, and the ids it echoes. */
export interface NafathCallbackBody {
  token: string;
  transId: string;
  requestId: string;
}

/** What a verified callback token says: the transaction, its status, and the person when it completed. */
export interface NafathCallbackClaims {
  transId: string;
  status: NafathStatus;
  /** The ID number the token names (`nin` for a citizen, `iqamaNumber` for a resident), when it names one. */
  nationalId: string | null;
  /** The person's full name as Nafath holds it, in Arabic and in English, each null when not given. */
  nameAr: string | null;
  nameEn: string | null;
}

export interface NafathProvider {
  readonly name: 'elm' | 'dev';
  /** Pushes a request to the person's Nafath app; `requestId` is ours, echoed by the callback. */
  startRequest(input: { nationalId: string; requestId: string; locale: 'ar' | 'en' }): Promise<NafathRequestStarted>;
  requestStatus(input: { nationalId: string; transId: string; random: string }): Promise<NafathStatus>;
  /** The claims of a callback's token once its signature, lifetime (and audience, when set) hold; else NafathTokenRefused. */
  verifyCallbackToken(token: string): Promise<NafathCallbackClaims>;
}

/** Nafath could not be reached, or answered in a way that no retry by the person can mend. */
export class NafathUnavailableError extends Error {
  override name = 'NafathUnavailableError';
}

/** Nafath already has a request waiting for this ID number (Elm's 400-034-050): one at a time per person. */
export class NafathRequestOpenError extends Error {
  override name = 'NafathRequestOpenError';
}

/** A callback token that is not Nafath's, not for us, or no longer valid: nothing of it is believed. */
export class NafathTokenRefused extends Error {
  override name = 'NafathTokenRefused';
}

/** A call to Nafath waits this long for its answer. */
export const NAFATH_TIMEOUT_MS = 10_000;

const ARABIC_NAME_CLAIMS = ['firstName', 'fatherName', 'grandFatherName', 'familyName'];
const ENGLISH_NAME_CLAIMS = ['englishFirstName', 'englishSecondName', 'englishThirdName', 'englishLastName'];

/**
 * The claims Tahaleel reads of a verified token's payload, by the names Elm's integration guide gives
 * (ADR 0096): `transId`, `status`, the person's number as `nin` (citizen) or `iqamaNumber` (resident),
 * the Arabic name in parts (firstName, fatherName, grandFatherName, familyName) and the English one
 * (englishFirstName … englishLastName). A payload without a transaction or a known status is refused.
 */
export function callbackClaims(payload: Record<string, unknown>): NafathCallbackClaims {
  const transId = payload.transId;
  const status = typeof payload.status === 'string' ? payload.status.toUpperCase() : null;
  if (typeof transId !== 'string' || transId === '') throw new NafathTokenRefused('the token names no transaction');
  if (!status || !(NAFATH_STATUSES as readonly string[]).includes(status)) throw new NafathTokenRefused('the token names no status');
  const number = payload.nin ?? payload.iqamaNumber;
  return {
    transId,
    status: status as NafathStatus,
    nationalId: typeof number === 'string' || typeof number === 'number' ? String(number) : null,
    nameAr: joinedName(payload, ARABIC_NAME_CLAIMS),
    nameEn: joinedName(payload, ENGLISH_NAME_CLAIMS),
  };
}

function joinedName(payload: Record<string, unknown>, claims: string[]): string | null {
  const parts = claims.map((claim) => payload[claim]).filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const name = parts
    .map((part) => part.trim())
    .join(' ')
    .slice(0, 200);
  return name === '' ? null : name;
}
