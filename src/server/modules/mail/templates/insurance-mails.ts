import type { Locale } from '../../../../shared/locale.ts';
import { isolate, type MailContent, type Paragraph } from './content.ts';
import { inLanguage, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';
import type { Bilingual } from './types.ts';

export interface ClaimRejectedMailData {
  /** The account holder. */
  name: string | null;
  testName: Bilingual;
  labName: Bilingual;
  /** The family member the visit was for; null when it was the account holder's. */
  memberName: string | null;
  /** The booking's reference (TH-…), which the lab knows it by. */
  bookingReference: string;
  /** The dashboard's bookings. */
  link: string;
}

/**
 * The insurer did not accept the lab's claim for an insured visit (issue #80 item 5, ADR 0100): which
 * visit, that the lab decides what follows, and that nothing more is charged without the person being told
 * first. Never the insurer's reasons, which may name a diagnosis: the lab explains them.
 */
export function claimRejectedMail(data: ClaimRejectedMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const test = [t('«', '“'), isolate(inLanguage(data.testName, locale)), t('»', '”')];
  const lab = isolate(inLanguage(data.labName, locale));
  const visit: Paragraph =
    data.memberName === null
      ? [
          t('لم تقبل شركة التأمين مطالبة ', 'Your insurer did not accept the claim that '),
          lab,
          t(' عن تحليل ', ' sent for your '),
          ...test,
          t('.', ' test.'),
        ]
      : [
          t('لم تقبل شركة التأمين مطالبة ', 'Your insurer did not accept the claim that '),
          lab,
          t(' عن تحليل ', ' sent for the '),
          ...test,
          t(' لفرد عائلتك ', ' test of '),
          isolate(data.memberName),
          t('.', '.'),
        ];
  return {
    // Neither the test nor the member in the subject, which inboxes show to whoever glances at the screen.
    subject: subject(t, t('لم تُقبل مطالبة التأمين عن أحد تحاليلك', 'An insurance claim for one of your tests was not accepted')),
    preheader: t('لن يُطلب منك دفع أي مبلغ إضافي قبل إبلاغك.', 'You will not be asked to pay anything more without being told first.'),
    heading: t('لم تُقبل مطالبة التأمين', 'Insurance claim not accepted'),
    intro: [
      greeting(t, data.name),
      visit,
      [
        t(
          'سيراجع المختبر سبب الرفض وقد يصحّح المطالبة ويعيد إرسالها. لن يُطلب منك دفع أي مبلغ إضافي قبل أن يتواصل معك المختبر أو نبلغك.',
          'The lab will review why and may correct the claim and send it again. You will not be asked to pay anything more before the lab or we tell you.',
        ),
      ],
    ],
    details: [{ label: t('رقم الحجز', 'Booking reference'), value: [isolate(data.bookingReference)] }],
    action: { label: t('عرض حجوزاتك', 'View your bookings'), href: webAddress(data.link) },
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأنك دفعت حصتك فقط من تكلفة هذا التحليل، وتطالب شركة التأمين بالباقي.',
          'You received this e-mail because you paid only your share of this test and its insurer was claimed for the rest.',
        ),
      ],
    ],
  };
}
