// A fake of Meta's WhatsApp Cloud API (Meta's OpenAPI description,
// https://github.com/facebook/openapi/blob/main/business-messaging-api_v23.0.yaml), speaking its protocol on
// 127.0.0.1 for tests: POST /{version}/{phone-number-id}/messages with `Authorization: Bearer` and a template
// message as JSON, answered { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…",
// message_status: "accepted" }] }. Refusals carry the Graph API's { error: { message, type, code, error_data,
// error_subcode, fbtrace_id } } with the status "WhatsApp error codes" gives them
// (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes): a bad token
// 401 (190), an unknown phone number id 400 (100, subcode 33), a bad parameter 400 (100), a template or
// translation that does not exist 404 (132001), the wrong number of variables 400 (132000); `failNext(n)`
// answers 500 (131000 "Something went wrong"), as Meta in trouble does.
// A number that is not on WhatsApp is not refused when sent to: Meta takes the message and answers its
// wamid, then reports it `failed` with 131026 "Message undeliverable" in a status webhook. So does the fake:
// `notOnWhatsApp(number)` marks a number, and `sendStatus` posts the status webhook Meta would, signed
// (`X-Hub-Signature-256: sha256=` the hex HMAC-SHA256 of the body under the app secret, the body's non-ASCII
// escaped as \uXXXX, as Meta sends it).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the fake took, as the recipient's phone would get it. */
export interface FakeWhatsAppMessage {
  /** The recipient's digits, as sent. */
  to: string;
  template: string;
  language: string;
  parameters: string[];
  id: string;
}

/** A request as it arrived, taken or not: what a test checks the wire with. */
export interface FakeWhatsAppRequest {
  path: string;
  authorization: string;
  contentType: string;
  body: string;
}

type Status = 'sent' | 'delivered' | 'read' | 'failed';

/** An error on a failed status, as the status webhook reference shows it. */
export interface FakeStatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href?: string;
}

const ERROR_CODES_URL = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

/** What Meta reports for a message to a number that is not on WhatsApp. */
export const UNDELIVERABLE: FakeStatusError = {
  code: 131026,
  title: 'Message undeliverable',
  message: 'Message undeliverable',
  error_data: { details: 'Message Undeliverable.' },
  href: ERROR_CODES_URL,
};

/** Templates the fake knows, when given: their approved translations and how many body variables each takes. */
type FakeTemplates = Record<string, { languages: string[]; parameters: number }>;

export async function startFakeWhatsAppCloud(options: {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  /** Unset: any template name is taken, with any number of variables. */
  templates?: FakeTemplates;
  port?: number;
}) {
  const messages: FakeWhatsAppMessage[] = [];
  const requests: FakeWhatsAppRequest[] = [];
  const unreachable = new Set<string>();
  let failing = 0;

  function answer(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  }
  /** A Graph API error: its message led by the code as Meta writes it, `(#131000) Something went wrong`. */
  function refuse(
    res: ServerResponse,
    status: number,
    error: { code: number; message: string; type?: string; details?: string; subcode?: number },
  ) {
    answer(res, status, {
      error: {
        message: `(#${error.code}) ${error.message}`,
        type: error.type ?? 'OAuthException',
        code: error.code,
        ...(error.details && { error_data: { messaging_product: 'whatsapp', details: error.details } }),
        ...(error.subcode !== undefined && { error_subcode: error.subcode }),
        fbtrace_id: randomBytes(12).toString('base64url'),
      },
    });
  }
  const invalidParameter = (res: ServerResponse, details: string) => refuse(res, 400, { code: 100, message: 'Invalid parameter', details });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const route = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
    if (req.method !== 'POST' || !route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not Found');
    }
    const body = await readText(req);
    const authorization = req.headers.authorization ?? '';
    requests.push({ path, authorization, contentType: req.headers['content-type'] ?? '', body });
    if (failing > 0) {
      failing -= 1;
      return refuse(res, 500, { code: 131000, message: 'Something went wrong', details: 'Something went wrong' });
    }
    if (authorization !== `Bearer ${options.accessToken}`) {
      return refuse(res, 401, { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    }
    if (decodeURIComponent(route[2] ?? '') !== options.phoneNumberId) {
      return refuse(res, 400, {
        code: 100,
        type: 'GraphMethodException',
        subcode: 33,
        message: `Unsupported post request. Object with ID '${route[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
      });
    }

    let message: TemplateRequest;
    try {
      message = JSON.parse(body) as TemplateRequest;
    } catch {
      return invalidParameter(res, 'The request body is not JSON');
    }
    if (message.messaging_product !== 'whatsapp') return invalidParameter(res, 'messaging_product must be "whatsapp"');
    if (message.type !== 'template') return invalidParameter(res, 'Only template messages reach someone who has not written first');
    const to = typeof message.to === 'string' ? message.to.replace(/\D/g, '') : '';
    if (to.length < 8 || to.length > 15) return invalidParameter(res, 'to must be a phone number');
    const template = message.template;
    if (typeof template?.name !== 'string' || !template.name) return invalidParameter(res, 'template.name is required');
    const language = template.language?.code;
    if (typeof language !== 'string' || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) {
      return invalidParameter(res, 'template.language.code must be a supported language code');
    }
    const parameters: string[] = [];
    for (const component of template.components ?? []) {
      if (component.type !== 'body') continue;
      for (const parameter of component.parameters ?? []) {
        if (parameter.type !== 'text' || typeof parameter.text !== 'string' || !parameter.text) {
          return invalidParameter(res, 'Each body parameter must be { type: "text", text } with some text');
        }
        if (/[\n\t]| {5}/.test(parameter.text)) {
          return invalidParameter(res, 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces');
        }
        parameters.push(parameter.text);
      }
    }
    const known = options.templates?.[template.name];
    if (options.templates && !known?.languages.includes(language)) {
      return refuse(res, 404, {
        code: 132001,
        message: 'Template name does not exist in the translation',
        details: `template name (${template.name}) does not exist in ${language}`,
      });
    }
    if (known && known.parameters !== parameters.length) {
      return refuse(res, 400, {
        code: 132000,
        message: 'Number of parameters does not match the expected number of params',
        details: `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${known.parameters})`,
      });
    }

    const id = `wamid.${randomBytes(30).toString('base64url')}`;
    messages.push({ to, template: template.name, language, parameters, id });
    return answer(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: message.to, wa_id: to }],
      messages: [{ id, message_status: 'accepted' }],
    });
  }

  /** The `messages` webhook body Meta sends for a status of a message the fake took. */
  function statusWebhook(id: string, status?: Status, errors?: FakeStatusError[]) {
    const sent = messages.find((message) => message.id === id);
    const recipient = sent?.to ?? '966500000000';
    const outcome = status ?? (unreachable.has(recipient) ? 'failed' : 'delivered');
    const failures = errors ?? (outcome === 'failed' ? [UNDELIVERABLE] : undefined);
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '966110000000', phone_number_id: options.phoneNumberId },
                statuses: [
                  {
                    id,
                    status: outcome,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: recipient,
                    ...(outcome === 'failed'
                      ? { errors: failures }
                      : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility' } }),
                  },
                ],
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));

  return {
    /** WHATSAPP_API_URL for the app: the base the versioned paths hang from. */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    requests,
    /** The next `count` requests are answered 500 with Meta's 131000, whatever they carry. */
    failNext(count: number) {
      failing = count;
    },
    /** Messages to this number (E.164 or digits) are taken, then fail with 131026 in their status webhook. */
    notOnWhatsApp(number: string) {
      unreachable.add(number.replace(/\D/g, ''));
    },
    statusWebhook,
    /**
     * Posts a status of message `id` to the app's webhook `url` as Meta does, signed with the app secret (or
     * `signWith`, to play someone who does not have it). Without `status`, what Meta would report: `failed` with
     * 131026 for a number not on WhatsApp, else `delivered`. Resolves with the app's answer.
     */
    sendStatus(delivery: { url: string; id: string; status?: Status; errors?: FakeStatusError[]; signWith?: string }): Promise<Response> {
      const body = asciiJson(statusWebhook(delivery.id, delivery.status, delivery.errors));
      return fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(body, delivery.signWith ?? options.appSecret) },
        body,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeWhatsAppCloud = Awaited<ReturnType<typeof startFakeWhatsAppCloud>>;

/** The header Meta signs a webhook body with. */
export function signature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

/** JSON with every character past ASCII written \uXXXX, as Meta's webhooks come. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The parts of a send the fake reads; the rest of Meta's message types are not the app's. */
interface TemplateRequest {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: {
    name?: unknown;
    language?: { code?: unknown };
    components?: Array<{ type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
  };
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
