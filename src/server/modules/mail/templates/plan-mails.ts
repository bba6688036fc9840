import type { Locale } from '../../../../shared/locale.ts';
import { formatSar } from '../../../../shared/money.ts';
import type { MailContent } from './content.ts';
import { type Pick, picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';

/** A paid plan's name in the reader's language, as the plans page writes it. */
const planNames: Record<string, [ar: string, en: string]> = {
  premium: ['المميزة', 'Premium'],
  enterprise: ['المؤسسات', 'Enterprise'],
  professional: ['الاحترافية', 'Professional'],
};

const planName = (t: Pick, plan: string) => {
  const [ar, en] = planNames[plan] ?? [plan, plan];
  return t(`الباقة ${ar}`, `the ${en} plan`);
};

const dayOf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', { dateStyle: 'long', timeZone: 'Asia/Riyadh' }).format(
    new Date(iso),
  );

const planReason = (t: Pick) => [
  t(
    'وصلتك هذه الرسالة لأن لحسابك في تحاليل اشتراكًا مدفوعًا يتجدد شهريًا.',
    'You received this e-mail because your Tahaleel account has a paid plan that renews every month.',
  ),
];

/**
 * A renewal was declined: the plan stays until `graceUntil`, the charge is tried again meanwhile, and
 * the reader can pay with another card from the link. `amount` in SAR.
 */
export function planRenewalFailedMail(
  data: { name: string; plan: string; amount: number; graceUntil: string; link: string },
  locale: Locale,
): MailContent {
  const t = picker(locale);
  const plan = planName(t, data.plan);
  const until = dayOf(data.graceUntil, locale);
  return {
    subject: subject(t, t('تعذّر تجديد اشتراكك', 'Your plan could not be renewed')),
    preheader: t(
      `يبقى اشتراكك فعّالًا حتى ${until} ريثما يتم الدفع.`,
      `Your plan stays active until ${until} while the payment is sorted out.`,
    ),
    heading: t('تعذّر تجديد اشتراكك', 'Your plan could not be renewed'),
    intro: [
      greeting(t, data.name),
      [
        t(
          `رفض البنك خصم ${formatSar(data.amount, locale)} لتجديد اشتراكك في ${plan}. سنعيد المحاولة تلقائيًا، ويبقى اشتراكك فعّالًا حتى ${until}.`,
          `Your bank declined the ${formatSar(data.amount, 'en')} charge renewing ${plan}. We will try again automatically, and your plan stays active until ${until}.`,
        ),
      ],
      [
        t(
          'إن لم يتم الدفع حتى ذلك التاريخ فسينتقل حسابك إلى الباقة المجانية. ويمكنك الدفع الآن ببطاقة أخرى من صفحة باقتك.',
          'If it has not been paid by then, your account moves to the free plan. You can pay now with another card from your plan page.',
        ),
      ],
    ],
    action: { label: t('إدارة اشتراكك', 'Manage your plan'), href: webAddress(data.link) },
    reason: [planReason(t)],
  };
}

/** The day before the grace period ends, the renewal still unpaid: tomorrow the free plan. */
export function planEndingUnpaidMail(data: { name: string; plan: string; graceUntil: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  const plan = planName(t, data.plan);
  const until = dayOf(data.graceUntil, locale);
  return {
    subject: subject(t, t('ينتهي اشتراكك قريبًا', 'Your plan ends soon')),
    preheader: t(`ما زال تجديد اشتراكك غير مدفوع، وينتهي في ${until}.`, `Your renewal is still unpaid; your plan ends on ${until}.`),
    heading: t('ينتهي اشتراكك قريبًا', 'Your plan ends soon'),
    intro: [
      greeting(t, data.name),
      [
        t(
          `لم نتمكن حتى الآن من تحصيل تجديد اشتراكك في ${plan}. في ${until} ينتقل حسابك إلى الباقة المجانية ما لم يتم الدفع.`,
          `We have still not been able to collect the renewal of ${plan}. On ${until} your account moves to the free plan unless it is paid.`,
        ),
      ],
    ],
    action: { label: t('الدفع ببطاقة أخرى', 'Pay with another card'), href: webAddress(data.link) },
    reason: [planReason(t)],
  };
}
