// What a text message says, in the reader's language: short (one or two SMS parts: smsSegments), the
// code in Latin digits (a phone offers to fill it in), and the site's own line last, in the form
// browsers read to fill a code into the page that asked for it (WebOTP: `@host #code`).

/** The messages the outbox knows, with their data. */
export type PhoneText = { template: 'phone-code'; data: { code: string; minutes: number; expiresAt: string } };

export function renderPhoneText(message: PhoneText, locale: 'ar' | 'en', publicUrl: string): string {
  const host = new URL(publicUrl).host;
  const { code, minutes } = message.data;
  const body =
    locale === 'ar'
      ? `رمز الدخول إلى تحاليل: ${code}\nصالح لمدة ${minutes} دقائق. لا تشاركه مع أحد.`
      : `Your Tahaleel code is ${code}.\nIt is valid for ${minutes} minutes. Do not share it.`;
  return `${body}\n\n@${host} #${code}`;
}

/** Whether a message due now should no longer go out, and why. */
export function staleReason(message: PhoneText, now: Date): string | null {
  return new Date(message.data.expiresAt).getTime() <= now.getTime() ? 'the code expired before it could be sent' : null;
}
