// The WhatsApp message templates the app sends (ADR 0073), as the requests that create them in a WhatsApp
// Business Account: POST /{version}/{waba-id}/message_templates with name, language, category and the body
// with an example of its variables, which Meta's review asks for. `npm run whatsapp:templates` prints them for
// the operator; they are the texts the SMS says (phone-texts.ts), so both stay one text.
import { type PhoneText, type TextBody, textParts } from './phone-texts.ts';

/** One template in one language, as Meta's "create a message template" takes it. */
export interface TemplateRequest {
  name: string;
  language: 'ar' | 'en';
  category: 'UTILITY';
  components: [{ type: 'BODY'; text: string; example?: { body_text: [string[]] } }];
}

const demoLab = { ar: 'مختبرات البرج الطبية', en: 'Al Borg Medical Labs' };
const booking = (homeVisit: boolean) => ({
  labName: demoLab,
  startsAt: '2030-03-04T14:00:00.000Z',
  timeZone: 'Asia/Riyadh',
  minutes: homeVisit ? 120 : 30,
  ...(homeVisit && { homeVisit: true }),
  bookingReference: 'BK-7Q4M2X',
});

/** A message of each body, for its example: the words Meta's reviewers read in the blanks. */
const SAMPLES: Array<Exclude<PhoneText, { template: 'phone-code' }>> = [
  ...(['booking-confirmed', 'booking-reminder', 'booking-rescheduled', 'booking-cancelled'] as const).flatMap((template) => [
    { template, data: booking(false) },
    { template, data: booking(true) },
  ]),
  { template: 'collector-on-the-way', data: booking(true) },
  {
    template: 'series-visit-due',
    data: {
      labName: demoLab,
      startsAt: '2030-06-04T06:00:00.000Z',
      timeZone: 'Asia/Riyadh',
      minutes: 30,
      payBy: '2030-06-02T06:00:00.000Z',
    },
  },
  {
    template: 'waitlist-offer',
    data: {
      labName: demoLab,
      startsAt: '2030-06-04T06:00:00.000Z',
      timeZone: 'Asia/Riyadh',
      minutes: 30,
      heldUntil: '2030-06-03T09:15:00.000Z',
    },
  },
  { template: 'results-ready', data: { labName: demoLab } },
  { template: 'critical-value', data: { labName: demoLab, labPhone: '+966112345678' } },
  { template: 'critical-value', data: { labName: demoLab, labPhone: null } },
  { template: 'order-shipped', data: { orderReference: 'ST-3F9A21C0', trackingNumber: 'SMSA2901447' } },
  { template: 'result-share-locked', data: { sharedAt: '2030-09-28T09:00:00.000Z' } },
  { template: 'guarantee-credited', data: { amount: 20, kind: 'late_results' } },
  { template: 'guarantee-credited', data: { amount: 20, kind: 'late_collector' } },
];

/** Every template in both languages, with its example; each body of TEXT_BODIES once per language. */
export function whatsappTemplateRequests(publicUrl: string): TemplateRequest[] {
  const requests = new Map<string, TemplateRequest>();
  for (const message of SAMPLES) {
    for (const language of ['ar', 'en'] as const) {
      const { body, parameters } = textParts(message, language, publicUrl);
      requests.set(`${body.name}:${language}`, templateRequest(body, language, parameters));
    }
  }
  return [...requests.values()];
}

function templateRequest(body: TextBody, language: 'ar' | 'en', example: string[]): TemplateRequest {
  return {
    name: body.name,
    language,
    category: 'UTILITY',
    components: [{ type: 'BODY', text: body[language], ...(example.length > 0 && { example: { body_text: [example] } }) }],
  };
}
