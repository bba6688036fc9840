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
import { trpc } from '../../lib/trpc.ts';

/** A code the checkout took off its total: each test's share in SAR, in the cart's order. */
export interface AppliedPromo {
  code: string;
  shares: number[];
}

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
};

/** Why the server refused a code, in the reader's language, with the amount or date it named. */
function promoRefusalMessage(i18n: I18n, details: Record<string, unknown> | null | undefined): string | undefined {
  const reason = details?.reason as PromoRefusal | undefined;
  if (!reason || !(reason in refusalMessages)) return undefined;
  const locale = i18n.locale === 'en' ? 'en' : 'ar';
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
 * The checkout's promo code (ADR 0092): typed in any case or digits, checked against the cart
 * (booking.promoQuote), its discount then a line of the summary; a refused code says why under the field.
 */
export function PromoCodeField({
  items,
  applied,
  onApplied,
  disabled,
}: {
  items: Array<{ labTestId: number; bookingTime: string; familyMemberId?: string | undefined }>;
  applied: AppliedPromo | null;
  onApplied: (promo: AppliedPromo | null) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const quote = useMutation(
    trpc.booking.promoQuote.mutationOptions({
      onSuccess: (answer) => onApplied({ code: answer.code, shares: answer.shares }),
    }),
  );
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
            quote.reset();
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
    if (typed.trim()) quote.mutate({ code: typed, items });
  };
  return (
    <Field.Root invalid={quote.isError}>
      <Field.Label>{t`Promo code`}</Field.Label>
      <HStack
        as="form"
        width="full"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Input
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (quote.isError) quote.reset();
          }}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          data-testid="promo-code"
          disabled={disabled}
        />
        <Button type="submit" variant="outline" loading={quote.isPending} disabled={disabled || !typed.trim()} data-testid="promo-apply">
          {t`Apply`}
        </Button>
      </HStack>
      {quote.isError && <Field.ErrorText data-testid="promo-error">{errorMessage(i18n, quote.error)}</Field.ErrorText>}
    </Field.Root>
  );
}
