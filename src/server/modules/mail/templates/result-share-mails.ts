import type { Locale } from '../../../../shared/locale.ts';
import { emailAddress, type MailContent } from './content.ts';
import { appointmentTime, formatCount, picker, SUPPORT_EMAIL, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';

/** The patient's list of links shows them on the Kingdom's clock: the mail says the same day and time. */
const RIYADH = 'Asia/Riyadh';

/**
 * A link the patient shared with a doctor, as their list of links shows it: the day it was shared and
 * how many results it holds. Never which tests, nor the link or its code.
 */
export interface ResultShareLockedMailData {
  name: string;
  /** When the link was made (an instant). */
  sharedAt: string;
  /** When the fifth wrong code locked it (an instant). */
  lockedAt: string;
  /** How many results the link holds. */
  results: number;
  /** The patient's results page, where their links are listed and a new code is issued. */
  link: string;
}

/**
 * Five wrong codes were tried at a link the patient shared with a doctor (ADR 0061), which locked it:
 * it opens nothing now, and the patient can give it a new code from their results page, or revoke it.
 */
export function resultShareLockedMail(data: ResultShareLockedMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const shared = appointmentTime(data.sharedAt, 0, RIYADH, locale);
  const locked = appointmentTime(data.lockedAt, 0, RIYADH, locale);
  return {
    subject: subject(t, t('قُفل رابط نتائجك الذي شاركته مع طبيب', 'A link you shared with a doctor was locked')),
    preheader: t(
      'أُدخل رمز خاطئ خمس مرات، فلم يعد الرابط يفتح شيئًا. يمكنك إصدار رمز جديد له.',
      'A wrong code was entered five times, so the link opens nothing now. You can issue it a new code.',
    ),
    heading: t('قُفل رابط نتائجك لطبيبك', 'Your link for your doctor was locked'),
    intro: [
      greeting(t, data.name),
      [
        t(
          `أُدخل رمز خاطئ خمس مرات في رابط نتائجك الذي شاركته مع طبيب يوم ${shared.date}، فقفلناه حمايةً لنتائجك. لم يعد الرابط يفتح شيئًا الآن، ولو بالرمز الصحيح.`,
          `A wrong code was entered five times at the link to your results that you shared with a doctor on ${shared.date}, so we locked it to protect your results. The link opens nothing now, even with the right code.`,
        ),
      ],
    ],
    details: [
      { label: t('تاريخ المشاركة', 'Shared on'), value: [shared.date], note: shared.hijriDate },
      { label: t('عدد النتائج في الرابط', 'Results in the link'), value: [formatCount(data.results, locale)] },
      {
        label: t('وقت القفل', 'Locked'),
        value: [t(`${locked.date}، ${locked.time} (${locked.zone})`, `${locked.date}, ${locked.time} (${locked.zone})`)],
      },
    ],
    action: { label: t('إصدار رمز جديد', 'Issue a new code'), href: webAddress(data.link) },
    notes: [
      [
        t(
          'من قائمة روابطك في صفحة نتائجك، أصدر رمزًا جديدًا لهذا الرابط وأعطه لطبيبك، فيفتح الرابط بالرمز الجديد حتى تنتهي مدته.',
          'From the list of your links on your results page, issue a new code for this link and give it to your doctor: the link opens with the new code until it ends.',
        ),
      ],
      [
        t(
          'وإن لم يكن طبيبك من أدخل هذه الرموز، فالرابط عند غيره: ألغِه من القائمة نفسها وشارك نتائجك برابط جديد بدلًا منه.',
          'If it was not your doctor who entered these codes, someone else has the link: revoke it from the same list and share your results with a new link instead.',
        ),
      ],
      [
        t(
          'لا نضع في البريد الإلكتروني نتائجك ولا الرابط ولا رمزه. وإن كان لديك سؤال، فراسلنا على ',
          'We never put your results, the link or its code in an e-mail. If you have a question, write to us at ',
        ),
        emailAddress(SUPPORT_EMAIL),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأننا نُبلغك كلما قُفل رابط من روابط نتائجك التي شاركتها.',
          'You received this e-mail because we tell you whenever one of the links to your results that you shared is locked.',
        ),
      ],
    ],
  };
}
