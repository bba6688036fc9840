import { Alert, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatSar } from '../../../shared/money.ts';
import type { Plan } from '../../../shared/plans.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { activeLocale } from '../../lib/locale.ts';
import { planInSentence } from '../../lib/plan-labels.ts';
import { trpc } from '../../lib/trpc.ts';
import { GatewayPaymentFields } from '../payments/gateway-payment-fields.tsx';
import { PromoCodeField } from '../payments/promo-code-field.tsx';
import { useGatewayPayment } from '../payments/use-gateway-payment.ts';
import { reloadAfterUpgrade } from './use-choose-plan.ts';

/**
 * Paying for a paid plan (ADR 0042). With Moyasar the card goes from this dialog straight to the gateway,
 * which keeps it as a token for the monthly renewals, then to the bank's 3-D Secure page, which returns
 * through /payments/moyasar/callback to /pricing?payment=…. With the simulated provider the server makes
 * a simulated charge and the plan is active at once.
 */
export function PlanPaymentDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const method = useQuery(trpc.booking.paymentMethod.queryOptions());
  const byCard = method.data?.provider === 'moyasar';
  // By card only: the renewals charge the card the gateway keeps, and STC Pay keeps none.
  const gateway = useGatewayPayment({ methods: ['card'] });

  // A promo code's discount of the first month, as the server priced it (ADR 0092); renewals are at the full price.
  const [promo, setPromo] = useState<{ code: string; discount: number; firstMonth: number } | null>(null);
  const promoQuote = useMutation(trpc.subscriptions.promoQuote.mutationOptions());

  const choose = useMutation(
    trpc.subscriptions.choose.mutationOptions({
      onSuccess: async (answer) => {
        if (!('status' in answer)) return;
        if (answer.status === 'paid') {
          notify.success({ title: t`Payment received. Your plan is active.` });
          reloadAfterUpgrade();
          return;
        }
        // To the bank's 3-D Secure page; it returns to /payments/moyasar/callback, then to /pricing.
        await gateway.pay(answer);
      },
    }),
  );
  // Paid at once (the simulated charge): the page reloads with the plan on.
  const paidAtOnce = choose.isSuccess && 'status' in choose.data && choose.data.status === 'paid';
  const paying = choose.isPending || gateway.working || paidAtOnce;

  const name = i18n._(planInSentence[plan.id]);
  const price = formatSar(plan.monthlyPrice, locale, { whole: true });
  const firstMonth = promo ? formatSar(promo.firstMonth, locale) : price;
  const discount = promo ? formatSar(promo.discount, locale) : '';
  const failure = choose.error ? errorMessage(i18n, choose.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (byCard && !gateway.check()) return;
    choose.mutate({ plan: plan.id, audience: plan.audience, promoCode: promo?.code });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={paying}
      scrollBehavior="inside"
      testId="plan-payment"
      title={t`Subscribe to the ${name}`}
      onSubmit={submit}
      submit={{
        label: (
          <>
            <Lock aria-hidden />
            {t`Pay ${firstMonth}`}
          </>
        ),
        pending: paying,
        disabled: method.isPending,
        loadingText: t`Processing payment…`,
        testId: 'pay-plan',
      }}
      cancel={{ label: t`Not now` }}
    >
      <Stack gap="4">
        <Text>
          {t`${price} a month, renewed every month with the same card. You can cancel at any time and keep the plan until the end of the month you paid for.`}
        </Text>
        <PromoCodeField
          quote={(code: string) => promoQuote.mutateAsync({ plan: plan.id, code })}
          applied={promo}
          onApplied={setPromo}
          disabled={paying}
        />
        {promo && (
          <Text data-testid="plan-promo">
            {t`Promo code`} <bdi dir="ltr">{promo.code}</bdi>:{' '}
            {t`${discount} off your first month, which costs ${firstMonth}. Then ${price} a month.`}
          </Text>
        )}
        {byCard ? (
          <GatewayPaymentFields
            payment={gateway}
            disabled={paying}
            cardNote={
              <Text fontSize="sm" color="fg.muted">
                {t`Moyasar, our payment provider, keeps your card for the monthly renewal. We never see or store its number.`}
              </Text>
            }
          />
        ) : (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t`Your card will not be charged`}</Alert.Title>
              <Alert.Description>{t`Online card payment is not open yet. Your plan starts at once without any charge to your card.`}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
