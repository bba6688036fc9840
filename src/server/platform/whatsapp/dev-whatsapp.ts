import type { WhatsAppProvider } from './whatsapp-provider.ts';

/**
 * Development's provider: nothing leaves the machine. The message is taken at once with an id of its
 * own, so everything after the send (the row marked sent, its words kept for the development mailbox
 * page) runs as it would with Meta.
 */
export function devWhatsApp(): WhatsAppProvider {
  return {
    name: 'dev',
    async send() {
      return { providerMessageId: `dev-${crypto.randomUUID()}` };
    },
  };
}
