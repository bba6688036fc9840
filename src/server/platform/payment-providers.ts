import type { Env } from '../env.ts';
import { moyasarPaymentProvider } from './moyasar.ts';
import { type PaymentProvider, simulatedPaymentProvider } from './payment-provider.ts';

/** The provider the settings name: simulated (the default), or Moyasar with its keys. */
export function paymentProviderFor(env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'moyasar') {
    return moyasarPaymentProvider({
      apiUrl: env.MOYASAR_API_URL,
      secretKey: env.MOYASAR_SECRET_KEY ?? '',
      publishableKey: env.MOYASAR_PUBLISHABLE_KEY ?? '',
      webhookSecret: env.MOYASAR_WEBHOOK_SECRET ?? '',
    });
  }
  return simulatedPaymentProvider(env.PAYMENT_DELAY_MS);
}
