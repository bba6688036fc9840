import type { Locale } from '../../../../shared/locale.ts';
import { link, type MailContent } from './content.ts';
import { picker, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';

/** Double opt-in: nothing is sent to the address until this link is followed. */
export function newsletterConfirmMail(data: { confirmLink: string; unsubscribeLink: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('أكّد اشتراكك في النشرة البريدية', 'Confirm your newsletter subscription')),
    preheader: t('خطوة واحدة لتصلك نشرة تحاليل.', 'One step to start receiving the Tahaleel newsletter.'),
    heading: t('تأكيد الاشتراك في النشرة البريدية', 'Confirm your subscription'),
    intro: [
      greeting(t, null),
      [
        t(
          'شكرًا لاهتمامك بنشرة تحاليل البريدية. اضغط الزر أدناه لتأكيد اشتراكك، ولن نرسل إليك أي عدد قبل تأكيدك.',
          'Thank you for signing up for the Tahaleel newsletter. Press the button below to confirm; we will not send you anything until you do.',
        ),
      ],
    ],
    action: { label: t('تأكيد الاشتراك', 'Confirm subscription'), href: webAddress(data.confirmLink) },
    notes: [
      [
        t(
          'إن لم تطلب الاشتراك، فتجاهل هذه الرسالة ولن يصلك منّا شيء.',
          'If you did not sign up, ignore this e-mail and you will not hear from us.',
        ),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن هذا العنوان أُدخل في نموذج الاشتراك في النشرة البريدية على تحاليل.',
          'You received this e-mail because this address was entered in the newsletter sign-up form on Tahaleel.',
        ),
      ],
      [t('لإلغاء الاشتراك في أي وقت، استخدم هذا الرابط: ', 'To unsubscribe at any time, use this link: '), link(data.unsubscribeLink)],
    ],
  };
}
