import type { SmsProvider } from './sms-provider.ts';

/**
 * Development's provider: nothing leaves the machine. The message is taken at once with an id of its
 * own, so everything after the send (the row marked sent, its text kept for the development mailbox
 * page) runs as it would with a gateway.
 */
export function devSms(): SmsProvider {
  return {
    name: 'dev',
    async send() {
      return { providerMessageId: `dev-${crypto.randomUUID()}` };
    },
  };
}
