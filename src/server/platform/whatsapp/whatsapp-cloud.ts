// A WhatsAppProvider that speaks Meta's WhatsApp Cloud API, which is the Graph API (Meta's OpenAPI description,
// https://github.com/facebook/openapi/blob/main/business-messaging-api_v23.0.yaml, operation sendMessage and its
// "Send Message Template Text" example): POST {apiUrl}/{version}/{phone-number-id}/messages with the system
// user's token as `Authorization: Bearer`, the JSON { messaging_product: "whatsapp", recipient_type:
// "individual", to, type: "template", template: { name, language: { code }, components: [{ type: "body",
// parameters: [{ type: "text", text }] }] } }. The recipient goes as international digits; the language as
// Meta's code for the approved translation ("Supported Languages",
// https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/supported-languages:
// Arabic `ar`, English `en`). A message taken answers 200 { messaging_product, contacts: [{ input, wa_id }],
// messages: [{ id: "wamid.…", message_status? }] }; taken is not delivered: a number that is not on WhatsApp
// is taken too, and fails later in a status webhook (whatsapp-webhook.ts). A refusal answers the Graph API's
// { error: { message, type, code, error_subcode, error_data: { details }, fbtrace_id, is_transient? } }, and
// its HTTP status says little: a rate limit answers 400 ("WhatsApp error codes",
// https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes, and the
// Graph API's https://developers.facebook.com/docs/graph-api/guides/error-handling), so the code decides.
import { circuitsByKey, isFetchOutage } from '../circuit-breaker.ts';
import { gatewayRecipient, isTransientStatus, SMS_SEND_TIMEOUT_MS, TextSendError } from '../sms/sms-provider.ts';
import type { WhatsAppProvider, WhatsAppTemplateMessage } from './whatsapp-provider.ts';

export interface WhatsAppCloudSettings {
  /** The Graph API's base, https://graph.facebook.com; the version and path are appended to it. */
  apiUrl: string;
  /** The Graph API version called, e.g. v26.0. */
  apiVersion: string;
  /** The business phone number's id in WhatsApp Manager (not the number itself). */
  phoneNumberId: string;
  /** A system user's access token with the whatsapp_business_messaging permission. */
  accessToken: string;
}

/** The answer as the OpenAPI description shows it: MessageResponsePayload when taken, GraphAPIError when not. */
interface GraphAnswer {
  messages?: Array<{ id?: unknown; message_status?: unknown }>;
  error?: {
    message?: string;
    code?: number;
    error_subcode?: number;
    error_data?: { details?: string };
    fbtrace_id?: string;
    is_transient?: boolean;
  };
}

/**
 * The codes that mean "not now": Meta's own trouble (131000 something went wrong, 131016 service unavailable,
 * 133004 server temporarily unavailable, 131057 account in maintenance, the Graph API's 1 and 2) and its rate
 * limits (130429 throughput, 131048 spam rate, 131056 the pair rate to one person, 80007 the account's calls,
 * the Graph API's 4, 17 and 341). Every other code is a refusal sending again would meet too: the token (190),
 * a bad parameter (100), the template's name or its variables (132001, 132000), a recipient not in the test
 * number's allowed list (131030), 131026 undeliverable, 131047 outside the service window…
 */
const TRANSIENT_ERROR_CODES = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131048, 131056, 131057, 133004]);

/** The code Meta has for each translation the app sends (its "Supported Languages" list). */
const LANGUAGE_CODES: Record<WhatsAppTemplateMessage['language'], string> = { ar: 'ar', en: 'en' };

/** One circuit per endpoint (platform/circuit-breaker.ts): an API that hangs costs one send its timeout, the next none. */
const graphCircuit = circuitsByKey({
  isOutage: isFetchOutage,
  openError: () => new Error('the WhatsApp Cloud API is not answering: not asked again until it has had time to recover'),
});

/**
 * Sends each message as one approved template. A refusal Meta gives again to the same request (token, template,
 * variables, recipient) is final; no answer, its own trouble or a rate limit is worth another try.
 */
export function whatsappCloud(settings: WhatsAppCloudSettings, fetchImpl: typeof fetch = fetch): WhatsAppProvider {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/${settings.apiVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp',
    async send({ to, template, language, parameters }) {
      const body = JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: gatewayRecipient(to),
        type: 'template',
        template: {
          name: template,
          language: { code: LANGUAGE_CODES[language] },
          // A template without variables goes without components, as in Meta's examples of one.
          ...(parameters.length > 0 && {
            components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text: templateText(text) })) }],
          }),
        },
      });
      let status: number;
      let answer: GraphAnswer | null;
      try {
        const response = await graphCircuit(endpoint).run(() =>
          fetchImpl(endpoint, {
            method: 'POST',
            headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
            body,
            signal: AbortSignal.timeout(SMS_SEND_TIMEOUT_MS),
          }),
        );
        status = response.status;
        answer = await readAnswer(response);
      } catch (error) {
        throw new TextSendError(`the WhatsApp Cloud API did not answer (${String(error)})`, true, { cause: error });
      }

      const messageId = answer?.messages?.[0]?.id;
      if (status >= 200 && status < 300 && typeof messageId === 'string' && messageId) return { providerMessageId: messageId };
      const error = answer?.error;
      const said = describe(error, status);
      const code = error?.code;
      if (isTransientStatus(status) || error?.is_transient === true || (code !== undefined && TRANSIENT_ERROR_CODES.has(code))) {
        throw new TextSendError(`WhatsApp could not take the message now: ${said}`, true);
      }
      throw new TextSendError(`WhatsApp did not send the message: ${said}`, false);
    },
  };
}

/**
 * A variable's words as Meta takes them: it refuses a parameter with a newline, a tab or more than four
 * spaces in a row, so each run of white space becomes one space. An empty one is refused for good here.
 */
function templateText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) throw new TextSendError('a template variable is empty: WhatsApp refuses it', false);
  return flat;
}

/** Meta's words for a refusal, for the log: its message, code, details and trace id (what its support asks for). */
function describe(error: GraphAnswer['error'], status: number): string {
  if (!error) return `no reason given, HTTP ${status}`;
  const code = error.code === undefined ? '' : ` (code ${error.code}${error.error_subcode === undefined ? '' : `/${error.error_subcode}`})`;
  const details = error.error_data?.details ? `: ${error.error_data.details}` : '';
  const trace = error.fbtrace_id ? `, fbtrace_id ${error.fbtrace_id}` : '';
  return `${error.message || 'no reason given'}${code}${details}, HTTP ${status}${trace}`;
}

/** The answer's JSON, or null when it is not JSON (a proxy's error page); a body cut off by the deadline still throws. */
async function readAnswer(response: Response): Promise<GraphAnswer | null> {
  try {
    return (await response.json()) as GraphAnswer;
  } catch (error) {
    if (isFetchOutage(error)) throw error;
    return null;
  }
}
