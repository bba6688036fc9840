import { describe, expect, it } from 'vitest';
import { fillBody, TEXT_BODIES } from '../../src/server/modules/phone/phone-texts.ts';
import { whatsappTemplateRequests } from '../../src/server/modules/phone/whatsapp-templates.ts';
import { smsSegments } from '../../src/server/platform/sms/sms-provider.ts';

// Issue #55 (ADR 0073): the WhatsApp templates are the SMS's texts. What Meta's review turns away is checked
// here, before an operator submits them: a variable at the start or end of a body, blanks out of order or
// without an example, a template missing in a language. And the Arabic SMS stays within two parts.

const requests = whatsappTemplateRequests('https://tahaleel.sa');

describe('the WhatsApp templates', () => {
  it('are every text the app sends, in Arabic and in English, category UTILITY', () => {
    const names = Object.values(TEXT_BODIES).map((body) => body.name);
    expect(new Set(names).size).toBe(names.length);
    expect(requests.map((request) => `${request.name}:${request.language}`).sort()).toEqual(
      names.flatMap((name) => [`${name}:ar`, `${name}:en`]).sort(),
    );
    for (const request of requests) {
      expect(request.category).toBe('UTILITY');
      // Meta's names: lower case letters, digits and underscores.
      expect(request.name).toMatch(/^[a-z0-9_]{1,512}$/);
    }
  });

  it('number their blanks from 1 without a gap, never start or end with one, and give an example for each', () => {
    for (const request of requests) {
      const [body] = request.components;
      const blanks = [...body.text.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      expect(blanks, request.name).toEqual(blanks.map((_, index) => index + 1));
      expect(body.text.trim(), request.name).not.toMatch(/^\{\{|\}\}$/);
      const example = body.example?.body_text[0] ?? [];
      expect(example, request.name).toHaveLength(blanks.length);
      for (const words of example) expect(words, request.name).not.toMatch(/[\n\t]| {5}/);
    }
  });

  it('read as an SMS of at most two parts in Arabic, and of at most two in English', () => {
    for (const request of requests) {
      const [body] = request.components;
      const text = fillBody(body.text, body.example?.body_text[0] ?? []);
      expect(smsSegments(text).segments, `${request.name}:${request.language} (${text})`).toBeLessThanOrEqual(2);
    }
  });
});
