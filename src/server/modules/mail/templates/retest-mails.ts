import type { Locale } from '../../../../shared/locale.ts';
import { isolate, link, type MailContent, type Paragraph } from './content.ts';
import { inLanguage, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';
import type { Bilingual } from './types.ts';

export interface RetestReminderMailData {
  /** The account holder, who asked for the reminder. */
  name: string;
  /** The catalog test to book (or, when the catalog has none, the analyte's name). */
  testName: Bilingual;
  /** The family member the retest is for; null when it is for the account holder. */
  memberName: string | null;
  /** The test's page, to book it. */
  bookLink: string;
  /** The dashboard's list of reminders, to see or cancel them. */
  remindersLink: string;
}

/**
 * On the day a retest the patient accepted is due (issue #54): which test, whom it is for, and the way
 * to book it. Never a value nor why the analysis suggested it: the reader's results stay behind sign-in.
 */
export function retestReminderMail(data: RetestReminderMailData, locale: Locale, publicUrl: string): MailContent {
  const t = picker(locale);
  const testName = inLanguage(data.testName, locale);
  const test = [t('«', '“'), isolate(testName), t('»', '”')];
  const dueNow: Paragraph =
    data.memberName === null
      ? [
          t('حان موعد إجراء تحليل ', 'It is time for your '),
          ...test,
          t('، كما طلبت منّا أن نذكّرك.', ' test, as you asked us to remind you.'),
        ]
      : [
          t('حان موعد إجراء تحليل ', 'It is time for the '),
          ...test,
          t(' لفرد عائلتك ', ' test for '),
          isolate(data.memberName),
          t('، كما طلبت منّا أن نذكّرك.', ', as you asked us to remind you.'),
        ];
  return {
    // The member's name stays out of the subject, which inboxes show to whoever glances at the screen.
    subject: subject(
      t,
      data.memberName === null
        ? t(`حان موعد تحليل ${testName}`, `Time for your ${testName} test`)
        : t(`حان موعد تحليل ${testName} لأحد أفراد عائلتك`, `Time for a family member’s ${testName} test`),
    ),
    preheader: t('احجز التحليل في المختبر الأقرب إليك.', 'Book the test at a lab near you.'),
    heading: t('حان موعد تحليلك', 'Your test is due'),
    intro: [
      greeting(t, data.name),
      dueNow,
      [
        t(
          'لا نذكر نتائجك في البريد الإلكتروني حفاظًا على خصوصيتك؛ فسجّل دخولك لعرضها.',
          'We never put results in an e-mail, to protect your privacy: sign in to see them.',
        ),
      ],
    ],
    action: { label: t('احجز التحليل', 'Book the test'), href: webAddress(data.bookLink) },
    notes: [
      [
        t(
          'ناقش مع طبيبك موعد تحاليلك القادمة ونتائجها؛ فهو الأعلم بحالتك.',
          'Discuss your next tests and their results with your doctor, who knows your health best.',
        ),
      ],
      [
        t('يمكنك عرض تذكيراتك أو إلغاؤها من ', 'You can see or cancel your reminders in '),
        link(data.remindersLink, t('لوحة التحكم', 'your dashboard')),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأنك طلبت تذكيرك بموعد هذا التحليل، ورسائل التذكير مفعّلة في حسابك.',
          'You received this e-mail because you asked to be reminded of this test and reminders are on in your account.',
        ),
      ],
      [
        t('يمكنك إيقاف رسائل التذكير من ', 'You can turn reminders off in '),
        link(`${publicUrl}/dashboard`, t('إعدادات حسابك', 'your account settings')),
      ],
    ],
  };
}
