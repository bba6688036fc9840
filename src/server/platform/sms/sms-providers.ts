import type { Env } from '../../env.ts';
import { devSms } from './dev-sms.ts';
import type { SmsProvider } from './sms-provider.ts';
import { taqnyatSms } from './taqnyat.ts';
import { unifonicSms } from './unifonic.ts';

/** The SMS provider SMS_PROVIDER names, with its settings (env.ts checked they are there); null for none. */
export function smsProviderFor(env: Env): SmsProvider | null {
  switch (env.SMS_PROVIDER) {
    case 'unifonic':
      return unifonicSms({ apiUrl: env.UNIFONIC_API_URL, appSid: env.UNIFONIC_APP_SID ?? '', senderId: env.UNIFONIC_SENDER_ID ?? '' });
    case 'taqnyat':
      return taqnyatSms({
        apiUrl: env.TAQNYAT_API_URL,
        bearerToken: env.TAQNYAT_BEARER_TOKEN ?? '',
        sender: env.TAQNYAT_SENDER_NAME ?? '',
      });
    case 'dev':
      return devSms();
    default:
      return null;
  }
}
