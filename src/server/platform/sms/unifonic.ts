// An SmsProvider that speaks Unifonic's published REST protocol ("Sending Your First SMS via Unifonic
// API", https://docs.unifonic.com/docs/sending-your-first-sms-via-unifonic-api, and the SMS API
// reference, https://docs.unifonic.com/reference/sms-api): POST /rest/SMS/messages, a form of AppSid
// (the application's id, which is the credential), SenderID, Recipient (international digits, no + or 00)
// and Body; the answer is { success, message, errorCode, data: { MessageID, … } }, errorCode ER-00 when
// the message was taken. A refused request answers an HTTP status of its own ("HTTP Status Codes",
// https://docs.unifonic.com/reference/http-status-codes: 401 Authentication failed, 482 Invalid dest
// num…); a refused message, success false and an ER code ("Understanding Reasons of SMS Non-delivery").
import { circuitsByKey, isFetchOutage } from '../circuit-breaker.ts';
import { gatewayRecipient, isTransientStatus, SMS_SEND_TIMEOUT_MS, type SmsProvider, TextSendError } from './sms-provider.ts';

export interface UnifonicSettings {
  /** Unifonic's base, https://el.cloud.unifonic.com; the path is appended to it. */
  apiUrl: string;
  appSid: string;
  /** A sender name registered for the account (Saudi operators deliver only registered names). */
  senderId: string;
}

/** The answer's envelope as the reference shows it; `success` comes as a boolean or as the string "true". */
interface UnifonicAnswer {
  success?: boolean | string;
  message?: string;
  errorCode?: string;
  data?: { MessageID?: number | string } | null;
}

/** "No route found for the destination number": among its causes the docs name the operator's own trouble. */
const PASSING_ERROR_CODES = new Set(['ER-05']);

/** One circuit per API base (platform/circuit-breaker.ts): a gateway that hangs costs one send its timeout, the next none. */
const gatewayCircuit = circuitsByKey({
  isOutage: isFetchOutage,
  openError: () => new Error('Unifonic is not answering: not asked again until it has had time to recover'),
});

/**
 * Sends each text as one Unifonic message. A refusal Unifonic gives again to the same request (credentials,
 * number, sender, body) is final; no answer, a 5xx or its rate limit is worth another try.
 */
export function unifonicSms(settings: UnifonicSettings, fetchImpl: typeof fetch = fetch): SmsProvider {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/rest/SMS/messages`;
  return {
    name: 'unifonic',
    async send({ to, body }) {
      const form = new URLSearchParams({
        AppSid: settings.appSid,
        SenderID: settings.senderId,
        Recipient: gatewayRecipient(to),
        Body: body,
      });
      let status: number;
      let answer: UnifonicAnswer | null;
      try {
        const response = await gatewayCircuit(endpoint).run(() =>
          fetchImpl(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: form,
            signal: AbortSignal.timeout(SMS_SEND_TIMEOUT_MS),
          }),
        );
        status = response.status;
        answer = await readAnswer(response);
      } catch (error) {
        throw new TextSendError(`Unifonic did not answer (${String(error)})`, true, { cause: error });
      }

      const said = `${answer?.message || 'no reason given'}${answer?.errorCode ? ` (${answer.errorCode})` : ''}, HTTP ${status}`;
      if (isTransientStatus(status)) throw new TextSendError(`Unifonic could not take the message now: ${said}`, true);
      const taken = answer?.success === true || answer?.success === 'true';
      const messageId = answer?.data?.MessageID;
      if (status >= 200 && status < 300 && taken && messageId != null) return { providerMessageId: String(messageId) };
      const passing = answer?.errorCode !== undefined && PASSING_ERROR_CODES.has(answer.errorCode);
      throw new TextSendError(`Unifonic did not send the message: ${said}`, passing);
    },
  };
}

/** The answer's JSON, or null when it is not JSON (a proxy's error page); a body cut off by the deadline still throws. */
async function readAnswer(response: Response): Promise<UnifonicAnswer | null> {
  try {
    return (await response.json()) as UnifonicAnswer;
  } catch (error) {
    if (isFetchOutage(error)) throw error;
    return null;
  }
}
