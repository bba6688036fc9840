import type { Locale } from '../../../../shared/locale.ts';
import { formatSar } from '../../../../shared/money.ts';
import { isolate, type MailContent, type Paragraph } from './content.ts';
import { inLanguage, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';
import type { Bilingual } from './types.ts';

export interface WalletCreditedMailData {
  name: string | null;
  /** SAR, e.g. 25. */
  amount: number;
  /** Why: the person they invited completed a first paid test, they came by a friend's invitation, or our support team gave it. */
  reason: 'referral_referrer' | 'referral_referred' | 'goodwill';
  /** The last day the credit can be spent, an instant (ISO). */
  expiresAt: string;
  /** The dashboard's wallet. */
  link: string;
}

const longDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', { dateStyle: 'long', timeZone: 'Asia/Riyadh' }).format(
    new Date(iso),
  );

/** Credit in the wallet (issue #79 item 5, ADR 0093): how much, why, until when, and where to see it. Never whom they referred. */
export function walletCreditedMail(data: WalletCreditedMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const amount = formatSar(data.amount, locale);
  const why: Paragraph =
    data.reason === 'referral_referrer'
      ? [
          t(
            `أكمل شخص دعوته أول تحليل مدفوع له، فأضفنا ${amount} إلى محفظتك شكرًا لك.`,
            `Someone you invited has completed their first paid test, so we added ${amount} to your wallet as a thank-you.`,
          ),
        ]
      : data.reason === 'referral_referred'
        ? [
            t(
              `أكملت أول تحليل مدفوع لك بدعوة من صديق، فأضفنا ${amount} إلى محفظتك.`,
              `You completed your first paid test through a friend’s invitation, so we added ${amount} to your wallet.`,
            ),
          ]
        : [
            t(
              `أضاف فريق خدمة العملاء في تحاليل ${amount} إلى محفظتك. نأسف لأي إزعاج، ونشكرك على صبرك.`,
              `Tahaleel’s customer care team added ${amount} to your wallet. We are sorry for any trouble, and thank you for your patience.`,
            ),
          ];
  return {
    subject: subject(t, t(`أضفنا ${amount} إلى محفظتك`, `${amount} added to your wallet`)),
    preheader: t('رصيد تستخدمه عند الدفع لحجوزاتك وطلباتك.', 'Credit to use at checkout for your bookings and orders.'),
    heading: t('رصيد جديد في محفظتك', 'New credit in your wallet'),
    intro: [greeting(t, data.name), why],
    details: [
      { label: t('المبلغ', 'Amount'), value: [amount] },
      { label: t('صالح حتى', 'Valid until'), value: [longDate(data.expiresAt, locale)] },
    ],
    action: { label: t('عرض محفظتك', 'View your wallet'), href: webAddress(data.link) },
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن رصيدًا أُضيف إلى محفظتك في تحاليل.',
          'You received this e-mail because credit was added to your Tahaleel wallet.',
        ),
      ],
    ],
  };
}

export interface GuaranteeCreditedMailData {
  name: string | null;
  /** SAR. */
  amount: number;
  /** Which promise the lab missed. */
  kind: 'late_results' | 'late_collector';
  /** By how many minutes (a package visit's: its test most late). */
  lateMinutes: number;
  /** A package visit's test that came late, named so the customer knows which; absent for a test booked alone. */
  lateTest?: Bilingual | null;
  expiresAt: string;
  link: string;
}

/** A lab missed its stated turnaround or its punctual home visit (issue #79 item 6): the credit, and why. */
export function guaranteeCreditedMail(data: GuaranteeCreditedMailData, locale: Locale): MailContent {
  const t = picker(locale);
  const amount = formatSar(data.amount, locale);
  const why: Paragraph =
    data.kind === 'late_collector'
      ? [
          t(
            `انطلق مندوب سحب العينات إليك بعد أكثر من 30 دقيقة من بداية موعد الزيارة، فأضفنا ${amount} إلى محفظتك تعويضًا لك، على حساب المختبر.`,
            `The sample collector set out for your home more than 30 minutes after your visit window began, so we added ${amount} to your wallet, charged to the lab.`,
          ),
        ]
      : data.lateTest
        ? [
            t('صدرت نتيجة تحليل «', 'Your “'),
            isolate(inLanguage(data.lateTest, locale)),
            t(
              `» من باقتك بعد الموعد الذي التزم به المختبر لهذا التحليل، فأضفنا ${amount} إلى محفظتك تعويضًا لك، على حساب المختبر.`,
              `” result, a test of your package, came later than the lab promised for it, so we added ${amount} to your wallet, charged to the lab.`,
            ),
          ]
        : [
            t(
              `صدرت نتائجك بعد الموعد الذي التزم به المختبر، فأضفنا ${amount} إلى محفظتك تعويضًا لك، على حساب المختبر.`,
              `Your results came later than the lab promised, so we added ${amount} to your wallet, charged to the lab.`,
            ),
          ];
  return {
    subject: subject(t, t(`تعويض ${amount} في محفظتك`, `${amount} credit for a missed promise`)),
    preheader: t('ضمان الخدمة في تحاليل: نعوّضك تلقائيًا.', 'Tahaleel’s service guarantee: credit, automatically.'),
    heading: t('عوّضناك عن التأخير', 'We made up for the delay'),
    intro: [greeting(t, data.name), why],
    details: [
      { label: t('المبلغ', 'Amount'), value: [amount] },
      { label: t('صالح حتى', 'Valid until'), value: [longDate(data.expiresAt, locale)] },
    ],
    action: { label: t('عرض محفظتك', 'View your wallet'), href: webAddress(data.link) },
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن مختبرًا لم يفِ بما التزم به في حجزك.',
          'You received this e-mail because a lab missed a promise it made for your booking.',
        ),
      ],
    ],
  };
}
