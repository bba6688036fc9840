import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { formatSar } from '../../../shared/money.ts';
import type { PromoRefusal } from '../../../shared/promo.ts';
import { errorMessage, registerDetailedMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';

const refusalMessages: Record<PromoRefusal, MessageDescriptor> = {
  not_found: msg`We could not find this code. Check how it is written.`,
  inactive: msg`This code is no longer active.`,
  not_started: msg`This code cannot be used yet.`,
  expired: msg`This code has expired.`,
  used_up: msg`This code has reached its limit of uses.`,
  already_used: msg`You have already used this code.`,
  first_order_only: msg`This code is for a first order only.`,
  min_basket: msg`This code needs a bigger order.`,
  not_applicable: msg`This code does not apply to the tests in your cart.`,
  sign_in: msg`Sign in to use a promo code.`,
  payment_started: msg`The payment has begun: a code can no longer be added to this order.`,
  with_insurance: msg`Offers and promo codes do not apply when your insurance pays part of the price.`,
};

/** Said instead when the server names the store order or the plan as what the code was tried on. */
const storeMessages = {
  not_applicable: msg`This code does not apply to the items in your order.`,
  min_basket: msg`This code needs a bigger order.`,
} as const;
const planMessages = {
  not_applicable: msg`This code does not apply to plans.`,
  min_basket: msg`This code does not apply to this plan.`,
} as const;

/** Why the server refused a code, in the reader's language, with the amount or date it named. */
function promoRefusalMessage(i18n: I18n, details: Record<string, unknown> | null | undefined): string | undefined {
  const reason = details?.reason as PromoRefusal | undefined;
  if (!reason || !(reason in refusalMessages)) return undefined;
  const locale = i18n.locale === 'en' ? 'en' : 'ar';
  const basket = details?.basket;
  if (basket === 'plans' && (reason === 'not_applicable' || reason === 'min_basket')) return i18n._(planMessages[reason]);
  if (basket === 'store' && reason === 'min_basket' && typeof details?.minBasket === 'number') {
    const amount = formatSar(details.minBasket, locale);
    return i18n._(msg`This code needs an order worth at least ${amount}.`);
  }
  if (basket === 'store' && (reason === 'not_applicable' || reason === 'min_basket')) return i18n._(storeMessages[reason]);
  if (reason === 'min_basket' && typeof details?.minBasket === 'number') {
    const amount = formatSar(details.minBasket, locale);
    return i18n._(msg`This code needs tests worth at least ${amount} in your cart.`);
  }
  if (reason === 'not_started' && typeof details?.startsAt === 'string') {
    const date = formatDate(new Date(details.startsAt), locale, 'Asia/Riyadh');
    return i18n._(msg`This code can be used from ${date}.`);
  }
  return i18n._(refusalMessages[reason]);
}
registerDetailedMessage('PROMO_REFUSED', promoRefusalMessage);

/**
 * A checkout's promo code (ADR 0092): typed in any case or digits, checked by the server (`quote`: the
 * lab-test cart's booking.promoQuote, a store order's applyPromo, a plan's promoQuote), its discount then a
 * line of the summary; a refused code says why under the field. `onApplied(null)` when it is removed.
 */
export function PromoCodeField<Applied extends { code: string }>({
  quote,
  applied,
  onApplied,
  disabled,
}: {
  quote: (code: string) => Promise<Applied>;
  applied: { code: string } | null;
  onApplied: (promo: NoInfer<Applied> | null) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const check = useMutation({ mutationFn: quote, onSuccess: (answer) => onApplied(answer) });
  if (applied) {
    return (
      <HStack justify="space-between" data-testid="promo-applied">
        <Text>
          {t`Code applied:`} <bdi dir="ltr">{applied.code}</bdi>
        </Text>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            onApplied(null);
            setTyped('');
            check.reset();
          }}
          disabled={disabled}
          aria-label={t`Remove code`}
        >
          <X aria-hidden />
          {t`Remove`}
        </Button>
      </HStack>
    );
  }
  const apply = () => {
    if (typed.trim()) check.mutate(typed);
  };
  return (
    <Field.Root invalid={check.isError}>
      <Field.Label>{t`Promo code`}</Field.Label>
      {/* Not a form of its own: it may sit in one (a plan's payment dialog), where Enter here applies the code, never pays. */}
      <HStack width="full">
        <Input
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (check.isError) check.reset();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          data-testid="promo-code"
          disabled={disabled}
        />
        <Button
          type="button"
          onClick={apply}
          variant="outline"
          loading={check.isPending}
          disabled={disabled || !typed.trim()}
          data-testid="promo-apply"
        >
          {t`Apply`}
        </Button>
      </HStack>
      {check.isError && <Field.ErrorText data-testid="promo-error">{errorMessage(i18n, check.error)}</Field.ErrorText>}
    </Field.Root>
  );
}
