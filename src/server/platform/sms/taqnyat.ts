// An SmsProvider that speaks Taqnyat's published REST API (https://dev.taqnyat.sa/en/doc/sms, and
// Taqnyat's own SDKs, github.com/taqnyat/php and /python): POST https://api.taqnyat.sa/v1/messages with the
// account's token as `Authorization: Bearer`, a JSON body { recipients: ["9665…"], body, sender }, numbers
// international without 00 or +. A message taken answers 201 { statusCode: 201, messageId, cost, currency,
// totalCount, msgLength, accepted: "[966…,]", rejected: "[]" }: a recipient Taqnyat will not send to is
// listed in `rejected` under that same 201. A refusal answers { statusCode, message } with its status
// (401 "invalid credentials information", 400 for a bad number, sender or balance).
import { circuitsByKey, isFetchOutage } from '../circuit-breaker.ts';
import { gatewayRecipient, isTransientStatus, SMS_SEND_TIMEOUT_MS, type SmsProvider, TextSendError } from './sms-provider.ts';

export interface TaqnyatSettings {
  /** Taqnyat's base, https://api.taqnyat.sa; the path is appended to it. */
  apiUrl: string;
  bearerToken: string;
  /** A sender name registered for the account (case sensitive, as Taqnyat spells it). */
  sender: string;
}

interface TaqnyatAnswer {
  statusCode?: number;
  messageId?: number | string;
  message?: string;
  /** The numbers taken and refused, written "[966500000000,]": not JSON. */
  accepted?: string;
  rejected?: string;
}

/** The one 400 whose words say to try again ("SMS-API not responding, please try again"). */
const TRY_AGAIN = /not responding/i;

/** One circuit per API base (platform/circuit-breaker.ts): a gateway that hangs costs one send its timeout, the next none. */
const gatewayCircuit = circuitsByKey({
  isOutage: isFetchOutage,
  openError: () => new Error('Taqnyat is not answering: not asked again until it has had time to recover'),
});

/**
 * Sends each text as one Taqnyat message to one recipient. A refusal Taqnyat gives again to the same request
 * (token, number, sender, balance) is final; no answer, a 5xx, its rate limit or its "try again" is worth another try.
 */
export function taqnyatSms(settings: TaqnyatSettings, fetchImpl: typeof fetch = fetch): SmsProvider {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/v1/messages`;
  return {
    name: 'taqnyat',
    async send({ to, body }) {
      const recipient = gatewayRecipient(to);
      let status: number;
      let answer: TaqnyatAnswer | null;
      try {
        const response = await gatewayCircuit(endpoint).run(() =>
          fetchImpl(endpoint, {
            method: 'POST',
            headers: { authorization: `Bearer ${settings.bearerToken}`, 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ recipients: [recipient], body, sender: settings.sender }),
            signal: AbortSignal.timeout(SMS_SEND_TIMEOUT_MS),
          }),
        );
        status = response.status;
        answer = await readAnswer(response);
      } catch (error) {
        throw new TextSendError(`Taqnyat did not answer (${String(error)})`, true, { cause: error });
      }

      const said = `${answer?.message || 'no reason given'}, HTTP ${status}`;
      if (isTransientStatus(status) || (status === 400 && TRY_AGAIN.test(answer?.message ?? ''))) {
        throw new TextSendError(`Taqnyat could not take the message now: ${said}`, true);
      }
      if (status < 200 || status >= 300 || answer?.messageId == null)
        throw new TextSendError(`Taqnyat did not send the message: ${said}`, false);
      if (listed(answer.rejected).includes(recipient)) throw new TextSendError('Taqnyat rejected the recipient', false);
      return { providerMessageId: String(answer.messageId) };
    },
  };
}

/** The numbers in one of the answer's lists ("[966500000000,966500000001,]"). */
function listed(numbers: string | undefined): string[] {
  return (numbers ?? '')
    .replace(/[[\]\s]/g, '')
    .split(',')
    .filter(Boolean);
}

/** The answer's JSON, or null when it is not JSON (a proxy's error page); a body cut off by the deadline still throws. */
async function readAnswer(response: Response): Promise<TaqnyatAnswer | null> {
  try {
    return (await response.json()) as TaqnyatAnswer;
  } catch (error) {
    if (isFetchOutage(error)) throw error;
    return null;
  }
}
