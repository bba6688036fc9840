import type { Locale } from '../../../../shared/locale.ts';
import { emailAddress, isolate, leftToRight, link, type MailContent, type Paragraph } from './content.ts';
import { picker, SUPPORT_EMAIL, webAddress } from './format.ts';
import { greeting, subject } from './greeting.ts';

/** Sign-up, a guest's account upgrade, or the new address after "change e-mail". The link works for 24 hours. */
export function verifyEmailMail(data: { name: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('أكّد بريدك الإلكتروني', 'Confirm your e-mail')),
    preheader: t('خطوة واحدة لتأكيد أن هذا البريد الإلكتروني يخصّك.', 'One step to confirm this address is yours.'),
    heading: t('تأكيد بريدك الإلكتروني', 'Confirm your e-mail address'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'اضغط الزر أدناه لتأكيد أن هذا البريد الإلكتروني يخصّك، فإليه نرسل تأكيدات حجوزاتك وإشعارات نتائجك.',
          'Press the button below to confirm that this address is yours. Your booking confirmations and result notices will come here.',
        ),
      ],
    ],
    action: { label: t('تأكيد البريد الإلكتروني', 'Confirm e-mail'), href: webAddress(data.link) },
    notes: [[t('تنتهي صلاحية هذا الرابط بعد 24 ساعة.', 'This link expires in 24 hours.')]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن هذا البريد الإلكتروني استُخدم لحساب في تحاليل. إن لم تكن أنت، فتجاهلها ولن يُربط بريدك بأي حساب.',
          'You received this e-mail because this address was entered for an account on Tahaleel. If that was not you, ignore it: the address will not be linked to any account.',
        ),
      ],
    ],
  };
}

/** The link works once, within 30 minutes. */
export function resetPasswordMail(data: { name: string; link: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('إعادة تعيين كلمة المرور', 'Reset your password')),
    preheader: t('اختر كلمة مرور جديدة لحسابك خلال 30 دقيقة.', 'Choose a new password for your account within 30 minutes.'),
    heading: t('إعادة تعيين كلمة المرور', 'Reset your password'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في تحاليل. اضغط الزر أدناه لاختيار كلمة مرور جديدة.',
          'We received a request to reset the password of your Tahaleel account. Press the button below to choose a new one.',
        ),
      ],
    ],
    action: { label: t('تعيين كلمة مرور جديدة', 'Choose a new password'), href: webAddress(data.link) },
    notes: [
      [t('الرابط صالح لمدة 30 دقيقة، ولمرة واحدة فقط.', 'The link works for 30 minutes, and only once.')],
      [
        t(
          'إن لم تطلب ذلك، فتجاهل هذه الرسالة؛ كلمة مرورك لم تتغيّر.',
          'If you did not ask for this, ignore this e-mail: your password has not changed.',
        ),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن أحدًا طلب إعادة تعيين كلمة مرور الحساب المسجّل بهذا البريد في تحاليل.',
          'You received this e-mail because someone asked to reset the password of the Tahaleel account registered to this address.',
        ),
      ],
    ],
  };
}

export function passwordChangedMail(data: { name: string }, locale: Locale, publicUrl: string): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('تم تغيير كلمة المرور', 'Your password was changed')),
    preheader: t('إن لم تكن أنت من غيّرها، فأعد تعيينها الآن.', 'If this was not you, reset it now.'),
    heading: t('تم تغيير كلمة مرورك', 'Your password was changed'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'تغيّرت كلمة مرور حسابك في تحاليل. إن كنت أنت من غيّرها، فلا حاجة إلى أي إجراء.',
          'The password of your Tahaleel account has been changed. If you made this change, there is nothing more to do.',
        ),
      ],
      [
        t(
          'إن لم تكن أنت، فأعد تعيين كلمة المرور الآن لحماية حسابك وبياناتك.',
          'If this was not you, reset your password now to protect your account and your data.',
        ),
      ],
    ],
    action: { label: t('إعادة تعيين كلمة المرور', 'Reset password'), href: `${publicUrl}/forgot-password` },
    notes: [
      [
        t('وإن تعذّر عليك الدخول إلى حسابك، فراسلنا على ', 'If you cannot get into your account, write to us at '),
        emailAddress(SUPPORT_EMAIL),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأننا نُبلغك بكل تغيير يمسّ أمان حسابك في تحاليل.',
          'You received this e-mail because we tell you about every change to the security of your Tahaleel account.',
        ),
      ],
    ],
  };
}

/** Sent to the old address: the new one is shown so the owner can tell whether the change was theirs. */
export function emailChangedMail(data: { name: string; newEmail: string }, locale: Locale): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('تم تغيير بريدك الإلكتروني', 'Your e-mail address was changed')),
    preheader: t('ستصل رسائل حسابك إلى العنوان الجديد من الآن.', 'Your account mail now goes to the new address.'),
    heading: t('تغيّر البريد الإلكتروني لحسابك', 'Your account’s e-mail address has changed'),
    intro: [
      greeting(t, data.name),
      [
        t('تغيّر البريد الإلكتروني لحسابك في تحاليل إلى ', 'The e-mail address of your Tahaleel account was changed to '),
        leftToRight(data.newEmail),
        t('، وستصل رسائل الحساب إليه من الآن فصاعدًا.', '. From now on, account mail goes to that address.'),
      ],
    ],
    // No reset link here: a reset would be mailed to the new address, which may not be the owner's.
    notes: [
      [
        t(
          'إن لم تكن أنت من أجرى هذا التغيير، فراسلنا فورًا لنؤمّن حسابك: ',
          'If you did not make this change, write to us at once so we can secure your account: ',
        ),
        emailAddress(SUPPORT_EMAIL),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن هذا العنوان كان البريد الإلكتروني لحسابك في تحاليل.',
          'You received this e-mail because this was the e-mail address of your Tahaleel account.',
        ),
      ],
    ],
  };
}

/**
 * Sent to an address that already has an account when someone asks to use it for another (a guest's
 * upgrade, "change e-mail"): they are answered as for a free address, and its owner learns of it here.
 */
export function addressInUseMail(data: { name: string }, locale: Locale, publicUrl: string): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('محاولة لاستخدام بريدك الإلكتروني لحساب آخر', 'Someone tried to use your e-mail for another account')),
    preheader: t('لم يتغيّر شيء في حسابك.', 'Nothing changed in your account.'),
    heading: t('محاولة لاستخدام بريدك الإلكتروني', 'Someone tried to use your e-mail address'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'طلب أحدهم للتو استخدام هذا البريد الإلكتروني لحساب آخر في تحاليل. ولأنه بريد حسابك، لم نربطه بأي حساب آخر ولم يتغيّر شيء في حسابك.',
          'Someone just asked to use this e-mail address for another Tahaleel account. As it is your account’s address, we did not link it to any other account, and nothing in your account changed.',
        ),
      ],
      [
        t(
          'إن كنت أنت، فسجّل الدخول بهذا البريد وكلمة مرور حسابك، وإن نسيتها فاختر كلمة مرور جديدة.',
          'If it was you, sign in with this address and your account’s password; if you have forgotten it, choose a new one.',
        ),
      ],
    ],
    action: { label: t('تعيين كلمة مرور جديدة', 'Choose a new password'), href: `${publicUrl}/forgot-password` },
    notes: [[t('إن لم تكن أنت، فتجاهل هذه الرسالة؛ حسابك كما هو.', 'If it was not you, ignore this e-mail: your account is as it was.')]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأن هذا البريد الإلكتروني هو بريد حسابك في تحاليل.',
          'You received this e-mail because this is the address of your Tahaleel account.',
        ),
      ],
    ],
  };
}

/** An administrator removed the account's second factor (its owner lost the phone, or someone asked in their name). */
export function twoFactorResetMail(data: { name: string }, locale: Locale, publicUrl: string): MailContent {
  const t = picker(locale);
  return {
    subject: subject(t, t('أُلغي التحقق بخطوتين في حسابك', 'Two-factor sign-in was reset on your account')),
    preheader: t('سيُطلب منك إعداده من جديد عند تسجيل الدخول.', 'You will be asked to set it up again when you sign in.'),
    heading: t('أُلغي التحقق بخطوتين في حسابك', 'Two-factor sign-in was reset'),
    intro: [
      greeting(t, data.name),
      [
        t(
          'ألغى أحد مسؤولي تحاليل التحقق بخطوتين في حسابك، فلم يعد رمز تطبيق المصادقة ولا رموز الاسترداد السابقة صالحة.',
          'A Tahaleel administrator has reset two-factor sign-in on your account: the codes from your authenticator app and your old recovery codes no longer work.',
        ),
      ],
      [
        t(
          'سجّل الدخول وأعدّ التحقق بخطوتين من جديد من إعدادات حسابك لحماية بياناتك.',
          'Sign in and set up two-factor sign-in again from your account settings to keep your data protected.',
        ),
      ],
    ],
    action: { label: t('الانتقال إلى تحاليل', 'Go to Tahaleel'), href: publicUrl },
    notes: [[t('إن لم تطلب ذلك، فراسلنا فورًا على ', 'If you did not ask for this, write to us at once at '), emailAddress(SUPPORT_EMAIL)]],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأننا نُبلغك بكل تغيير يمسّ أمان حسابك في تحاليل.',
          'You received this e-mail because we tell you about every change to the security of your Tahaleel account.',
        ),
      ],
    ],
  };
}

/** What changed in how the account signs in; the owner is told of each, as of a password change. */
export type SignInMethodChange = 'passkey_added' | 'passkey_removed' | 'two_factor_enabled' | 'two_factor_disabled';

/** A passkey was added or removed, or two-factor sign-in turned on or off, by the account itself. */
export function signInMethodChangedMail(
  data: { name: string; change: SignInMethodChange; passkeyName?: string },
  locale: Locale,
  publicUrl: string,
): MailContent {
  const t = picker(locale);
  const passkey = isolate(data.passkeyName ?? '');
  const what = {
    passkey_added: {
      title: t('أُضيف مفتاح مرور إلى حسابك', 'A passkey was added to your account'),
      line: [
        t('أُضيف إلى حسابك في تحاليل مفتاح مرور باسم «', 'A passkey named “'),
        passkey,
        t('»، ويمكن الدخول به من الآن دون كلمة المرور.', '” was added to your Tahaleel account. It can now sign in without the password.'),
      ],
    },
    passkey_removed: {
      title: t('حُذف مفتاح مرور من حسابك', 'A passkey was removed from your account'),
      line: [
        t('حُذف من حسابك في تحاليل مفتاح المرور «', 'The passkey “'),
        passkey,
        t('»، فلم يعد يصلح للدخول.', '” was removed from your Tahaleel account. It can no longer sign in.'),
      ],
    },
    two_factor_enabled: {
      title: t('فُعِّل التحقق بخطوتين في حسابك', 'Two-factor sign-in was turned on'),
      line: [
        t(
          'فُعِّل التحقق بخطوتين في حسابك في تحاليل: سيُطلب منك بعد كلمة المرور رمزٌ من تطبيق المصادقة عند كل تسجيل دخول.',
          'Two-factor sign-in was turned on for your Tahaleel account: after your password, each sign-in now asks for a code from your authenticator app.',
        ),
      ],
    },
    two_factor_disabled: {
      title: t('أُوقف التحقق بخطوتين في حسابك', 'Two-factor sign-in was turned off'),
      line: [
        t(
          'أُوقف التحقق بخطوتين في حسابك في تحاليل، فصارت كلمة المرور وحدها تكفي للدخول.',
          'Two-factor sign-in was turned off for your Tahaleel account: the password alone now signs in.',
        ),
      ],
    },
  }[data.change];
  return {
    subject: subject(t, what.title),
    preheader: t('إن لم تكن أنت، فغيّر كلمة المرور الآن.', 'If this was not you, change your password now.'),
    heading: what.title,
    intro: [
      greeting(t, data.name),
      what.line,
      [t('إن كنت أنت من أجرى هذا التغيير، فلا حاجة إلى أي إجراء.', 'If you made this change, there is nothing more to do.')],
    ],
    action: { label: t('مراجعة إعدادات الأمان', 'Review your security settings'), href: `${publicUrl}/dashboard` },
    notes: [
      [
        t(
          'إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا وراسلنا على ',
          'If this was not you, reset your password at once and write to us at ',
        ),
        emailAddress(SUPPORT_EMAIL),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأننا نُبلغك بكل تغيير يمسّ أمان حسابك في تحاليل.',
          'You received this e-mail because we tell you about every change to the security of your Tahaleel account.',
        ),
      ],
    ],
  };
}

/**
 * The address was proven (its link opened, or a reset made through it) after passkeys or two-factor
 * sign-in were added: they may have been someone else's who signed up with the address, so they were
 * removed (docs/decisions/0016); the owner adds their own again.
 */
export function signInMethodsRemovedMail(
  data: { name: string; passkeyNames: string[]; twoFactor: boolean },
  locale: Locale,
  publicUrl: string,
): MailContent {
  const t = picker(locale);
  const title = t('أزلنا طرق دخول من حسابك', 'We removed sign-in methods from your account');
  const removed: Paragraph[] = [
    ...(data.twoFactor
      ? [[t('• التحقق بخطوتين (تطبيق المصادقة) ورموز الاسترداد', '• Two-factor sign-in (the authenticator app) and its recovery codes')]]
      : []),
    ...data.passkeyNames.map((name) => [t('• مفتاح المرور «', '• The passkey “'), isolate(name), t('»', '”')]),
  ];
  return {
    subject: subject(t, title),
    preheader: t('إن كانت لك، فأضفها من جديد من إعدادات حسابك.', 'If they were yours, add them again in your account settings.'),
    heading: title,
    intro: [
      greeting(t, data.name),
      [
        t(
          'تأكّد للتو أن البريد الإلكتروني لحسابك في تحاليل يخصّك. وكانت قد أُضيفت إلى الحساب قبل ذلك طرق دخول لا نعرف أأضفتها أنت أم من سجّل ببريدك، فأزلناها وأنهينا جلسات الدخول الأخرى:',
          'The e-mail address of your Tahaleel account has just been confirmed as yours. Ways to sign in had been added to the account before that, and we cannot tell whether you added them or someone who signed up with your address, so we removed them and signed out the other devices:',
        ),
      ],
      ...removed,
      [t('إن كانت لك، فأضفها من جديد من إعدادات حسابك.', 'If they were yours, add them again in your account settings.')],
    ],
    action: { label: t('مراجعة إعدادات الأمان', 'Review your security settings'), href: `${publicUrl}/dashboard` },
    notes: [
      [
        t(
          'إن لم تكن أنت من أنشأ هذا الحساب، فأعد تعيين كلمة مروره الآن، فمن أنشأه يعرف كلمة المرور: ',
          'If you did not create this account, reset its password now, as whoever did knows its password: ',
        ),
        link(`${publicUrl}/forgot-password`),
      ],
    ],
    reason: [
      [
        t(
          'وصلتك هذه الرسالة لأننا نُبلغك بكل تغيير يمسّ أمان حسابك في تحاليل.',
          'You received this e-mail because we tell you about every change to the security of your Tahaleel account.',
        ),
      ],
    ],
  };
}
