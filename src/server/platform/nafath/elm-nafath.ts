// A NafathProvider that speaks Elm's Nafath MFA API as its Product Integration Guide gives it (ADR 0096):
// every call carries the service provider's `APP-ID` and `APP-KEY` headers;
// - POST {base}/api/v1/mfa/request?local=ar|en&requestId=<our uuid>, body { nationalId, service }
//   → { transId, random } (the number the person picks in the Nafath app);
// - POST {base}/api/v1/mfa/request/status, body { nationalId, transId, random }
//   → { status: WAITING | COMPLETED | REJECTED | EXPIRED };
// - GET {base}/api/v1/mfa/jwk → the JSON Web Key Set the callback's tokens are signed with (RS256);
// - the callback Elm posts to the URL registered with it: { token, transId, requestId }.
// A refusal answers { code, message } with Elm's code: 400-034-050 when a request for the number is
// already waiting, 401-033-024 from the status call while the person has not answered yet.
import {
  callbackClaims,
  NAFATH_TIMEOUT_MS,
  type NafathProvider,
  NafathRequestOpenError,
  type NafathStatus,
  NafathUnavailableError,
} from './nafath-provider.ts';
import { remoteKeySet, verifyNafathToken } from './nafath-token.ts';

export interface ElmNafathSettings {
  /** Elm's base for the environment (its path prefix included: /stg for staging, none for production). */
  apiUrl: string;
  appId: string;
  appKey: string;
  /** The service registered for Tahaleel (e.g. DigitalServiceEnrollmentWithoutBio): it decides what the app shows the person. */
  service: string;
  /** Where Elm publishes its keys; `{apiUrl}/api/v1/mfa/jwk` by default. */
  jwksUrl?: string;
  /** The service provider name registered with Elm, checked as the tokens' `aud` when set. */
  audience?: string;
}

/** Elm's code for "a request for this ID number is already waiting in the Nafath app". */
const REQUEST_OPEN = '400-034-050';
/** Elm's code, from the status call, for a request the person has not answered yet: a status, not a failure. */
const NOT_ANSWERED_YET = '401-033-024';

interface ElmAnswer {
  transId?: unknown;
  random?: unknown;
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

export function elmNafath(settings: ElmNafathSettings, fetchImpl: typeof fetch = fetch): NafathProvider {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const credentials = { 'APP-ID': settings.appId, 'APP-KEY': settings.appKey };
  const keys = remoteKeySet(settings.jwksUrl ?? `${base}/api/v1/mfa/jwk`, credentials, fetchImpl);

  async function post(path: string, body: unknown): Promise<{ status: number; answer: ElmAnswer | null }> {
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { ...credentials, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(NAFATH_TIMEOUT_MS),
      });
      let answer: ElmAnswer | null = null;
      try {
        answer = (await response.json()) as ElmAnswer;
      } catch {
        answer = null;
      }
      return { status: response.status, answer };
    } catch (error) {
      throw new NafathUnavailableError(`Nafath did not answer (${String(error)})`, { cause: error });
    }
  }

  const said = (status: number, answer: ElmAnswer | null) =>
    `${String(answer?.code ?? 'no code')} ${String(answer?.message ?? '')}, HTTP ${status}`;

  return {
    name: 'elm',
    async startRequest({ nationalId, requestId, locale }) {
      const query = new URLSearchParams({ local: locale, requestId });
      const { status, answer } = await post(`/api/v1/mfa/request?${query}`, { nationalId, service: settings.service });
      if (answer?.code === REQUEST_OPEN) throw new NafathRequestOpenError('a request for this ID number is already waiting');
      const random = answer?.random;
      if (
        status < 200 ||
        status >= 300 ||
        typeof answer?.transId !== 'string' ||
        (typeof random !== 'string' && typeof random !== 'number')
      ) {
        throw new NafathUnavailableError(`Nafath did not take the request: ${said(status, answer)}`);
      }
      return { transId: answer.transId, random: String(random) };
    },
    async requestStatus({ nationalId, transId, random }) {
      const { status, answer } = await post('/api/v1/mfa/request/status', { nationalId, transId, random });
      if (answer?.code === NOT_ANSWERED_YET) return 'WAITING';
      const word = typeof answer?.status === 'string' ? answer.status.toUpperCase() : null;
      if (status >= 200 && status < 300 && (word === 'WAITING' || word === 'COMPLETED' || word === 'REJECTED' || word === 'EXPIRED'))
        return word as NafathStatus;
      throw new NafathUnavailableError(`Nafath did not say the request's status: ${said(status, answer)}`);
    },
    async verifyCallbackToken(token) {
      return callbackClaims(await verifyNafathToken(token, keys, settings.audience ? { audience: settings.audience } : {}));
    },
  };
}
