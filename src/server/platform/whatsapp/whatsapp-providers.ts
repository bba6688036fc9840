import type { Env } from '../../env.ts';
import { devWhatsApp } from './dev-whatsapp.ts';
import { whatsappCloud } from './whatsapp-cloud.ts';
import type { WhatsAppProvider } from './whatsapp-provider.ts';

/** The WhatsApp provider WHATSAPP_PROVIDER names, with its settings (env.ts checked they are there); null for none. */
export function whatsappProviderFor(env: Env): WhatsAppProvider | null {
  switch (env.WHATSAPP_PROVIDER) {
    case 'cloud':
      return whatsappCloud({
        apiUrl: env.WHATSAPP_API_URL,
        apiVersion: env.WHATSAPP_API_VERSION,
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
        accessToken: env.WHATSAPP_ACCESS_TOKEN ?? '',
      });
    case 'dev':
      return devWhatsApp();
    default:
      return null;
  }
}
