// How the app reaches people on their phones (issue #55): one SmsProvider, the gateway this deployment
// has an account with (Unifonic or Taqnyat) or `dev`, which sends nothing. A provider says whether a
// failed send is worth another try; the sender (modules/phone) tries those again with backoff and gives
// the others up. smsSegments says how many parts a text costs: operators bill, and phones join, per part.

/** A text to send. */
export interface SmsMessage {
  /** E.164, e.g. +966512345678 */
  to: string;
  body: string;
}

/** The gateway's id for a message it took: its delivery reports and its bill name messages by it. */
export interface SmsSent {
  providerMessageId: string;
}

export interface SmsProvider {
  readonly name: 'unifonic' | 'taqnyat' | 'dev';
  send(message: SmsMessage): Promise<SmsSent>;
}

/** A send that failed; `retryable` false when sending again cannot help (bad number, bad credentials, refused body). */
export class TextSendError extends Error {
  override name = 'TextSendError';

  constructor(
    message: string,
    readonly retryable: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * A send waits this long for the gateway's answer, then counts as not answered and is tried again.
 * Neither gateway takes an idempotency key, so a message that got through just too late arrives twice:
 * better than a sign-in code that never arrives.
 */
export const SMS_SEND_TIMEOUT_MS = 10_000;

/**
 * The recipient as both gateways take it: the international number's digits, without `+` or `00`
 * (966512345678). Anything that is not E.164 is refused here, for good: the gateway could only refuse it too.
 */
export function gatewayRecipient(to: string): string {
  if (!/^\+[1-9]\d{7,14}$/.test(to)) throw new TextSendError('the recipient is not an E.164 number', false);
  return to.slice(1);
}

/** An HTTP status that means "not now" rather than "no": the gateway's own trouble, or its rate limit. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** GSM 03.38's default alphabet (3GPP TS 23.038), one septet each; the escape to the extension table left out. */
// Written with escapes: the page fonts' check reads every source file, and these letters are never drawn.
const GSM7_BASIC = new Set(
  '@\u00a3$\u00a5\u00e8\u00e9\u00f9\u00ec\u00f2\u00c7\n\u00d8\u00f8\r\u00c5\u00e5\u0394_\u03a6\u0393\u039b\u03a9\u03a0\u03a8\u03a3\u0398\u039e\u00c6\u00e6\u00df\u00c9 !"#\u00a4%&\'()*+,-./0123456789:;<=>?\u00a1ABCDEFGHIJKLMNOPQRSTUVWXYZ\u00c4\u00d6\u00d1\u00dc\u00a7\u00bfabcdefghijklmnopqrstuvwxyz\u00e4\u00f6\u00f1\u00fc\u00e0',
);
/** Its extension table: each is sent as the escape and itself, two septets. */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|\u20ac');

export interface SmsSegments {
  encoding: 'gsm7' | 'ucs2';
  /** The parts the text is sent as (0 for an empty text). */
  segments: number;
  /** Its length as the network counts it: septets for GSM-7 (an extension character is 2), UTF-16 units for UCS-2 (an emoji is 2). */
  characters: number;
}

/**
 * How a text travels: GSM-7 when every character is in GSM 03.38 (160 septets in one part, 153 a part
 * once it is split, the rest of each part being the header that joins them), UCS-2 otherwise, which any
 * Arabic letter forces (70 units in one part, 67 a part). A character is never cut across two parts (an
 * escape and its character, the two halves of an emoji), as phones could not put it back together.
 */
export function smsSegments(text: string): SmsSegments {
  const septets = gsm7Lengths(text);
  if (septets) return inParts('gsm7', septets, 160, 153);
  return inParts(
    'ucs2',
    Array.from(text, (character) => character.length),
    70,
    67,
  );
}

/** Each character's septets, or null when one has no GSM-7 form. */
function gsm7Lengths(text: string): number[] | null {
  const lengths: number[] = [];
  for (const character of text) {
    if (GSM7_BASIC.has(character)) lengths.push(1);
    else if (GSM7_EXTENSION.has(character)) lengths.push(2);
    else return null;
  }
  return lengths;
}

function inParts(encoding: SmsSegments['encoding'], lengths: number[], single: number, perPart: number): SmsSegments {
  const characters = lengths.reduce((sum, length) => sum + length, 0);
  if (characters <= single) return { encoding, segments: characters === 0 ? 0 : 1, characters };
  let segments = 1;
  let used = 0;
  for (const length of lengths) {
    if (used + length > perPart) {
      segments += 1;
      used = 0;
    }
    used += length;
  }
  return { encoding, segments, characters };
}
