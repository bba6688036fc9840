import { msg } from '@lingui/core/macro';
import { registerDetailedMessage, registerPageMessages } from '../../lib/errors.ts';

/**
 * The sentences for the codes only the mobile-number forms meet (lib/errors.ts `PhoneErrorCode`), in the
 * sign-in catalog: given by those forms, so no other page's first download carries them.
 */
export function registerPhoneErrors() {
  registerPageMessages(
    {
      PHONE_CODE_WRONG: msg`That code is not right. Check the SMS and try again.`,
      PHONE_CODE_EXPIRED: msg`This code has expired or was already used. Ask for a new code.`,
      PHONE_TAKEN: msg`This number is already confirmed on another account. Sign in with it there, or use another number.`,
      PHONE_REQUIRED: msg`A home visit needs your mobile number, confirmed by a code, so the collector can reach you.`,
      PHONE_COUNTRY_NOT_SERVED: msg`We cannot send a code to numbers in this country. Use a mobile number from a country we serve.`,
    },
    { invalid_mobile: msg`Enter a mobile number, e.g. 05XXXXXXXX or +9665XXXXXXXX.` },
  );
  registerDetailedMessage('PHONE_CODE_WRONG', (i18n, details) => {
    const left = details?.triesLeft;
    if (typeof left !== 'number') return undefined;
    return left > 0
      ? i18n._(msg`That code is not right. Tries left: ${left}.`)
      : i18n._(msg`That code is not right, and you have no tries left for now. Try again in a few minutes.`);
  });
}
