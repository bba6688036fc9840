// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WalletPaySwitch } from '../../src/client/features/payments/wallet-pay-switch.tsx';
import { WalletLines } from '../../src/client/features/store-checkout/wallet-choice.tsx';
import type { RouterOutputs } from '../../src/client/lib/trpc.ts';
import { createAppSystem } from '../../src/client/theme.ts';

// The wallet at the store's payment page (ADR 0093): the balance, the switch (off by default), and the
// summary's lines for what the wallet and the card pay, in Arabic and in English.

type HostedOrder = RouterOutputs['store']['hostedCheckout']['get'];
const wallet = { balance_formatted: '20.00 ر.س', pays_formatted: '20.00 ر.س', card_due_cents: 2_999, card_due_formatted: '29.99 ر.س' };
const pending = { status: 'pending', wallet, paid_from_wallet: null } as unknown as HostedOrder;

beforeAll(async () => {
  i18n.load({
    ar: {
      ...(await import('../../src/client/locales/ar/store.po')).messages,
      ...(await import('../../src/client/locales/ar/purchases.po')).messages,
    },
    en: {
      ...(await import('../../src/client/locales/en/store.po')).messages,
      ...(await import('../../src/client/locales/en/purchases.po')).messages,
    },
  });
});
afterEach(cleanup);

const system = createAppSystem();

function Checkout({ order }: { order: HostedOrder }) {
  const [on, setOn] = useState(false);
  return (
    <>
      {order.wallet && <WalletPaySwitch balance={order.wallet.balance_formatted} checked={on} onChange={setOn} />}
      <WalletLines order={order} useWallet={on} />
    </>
  );
}

function draw(order: HostedOrder, locale: 'ar' | 'en') {
  i18n.activate(locale);
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <Checkout order={order} />
      </I18nProvider>
    </ChakraProvider>,
  );
}

describe("the wallet at the store's payment page", () => {
  for (const [locale, texts] of [
    ['ar', { balance: 'الرصيد:', toggle: 'الدفع من رصيد محفظتي', wallet: 'المدفوع من المحفظة', card: 'المتبقي للدفع بالبطاقة' }],
    ['en', { balance: 'Balance:', toggle: 'Pay with my wallet balance', wallet: 'Paid from wallet', card: 'To pay by card' }],
  ] as const) {
    it(`shows the balance and the switch off; on, what the wallet pays and what is left for the card (${locale})`, async () => {
      draw(pending, locale);
      expect(screen.getByTestId('pay-with-wallet').textContent).toContain(texts.balance);
      expect(screen.getByTestId('wallet-balance').textContent).toBe('20.00 ر.س');
      const toggle = screen.getByRole('checkbox', { name: new RegExp(texts.toggle) });
      expect((toggle as HTMLInputElement).checked).toBe(false);
      expect(screen.queryByTestId('wallet-paid-line')).toBeNull();

      fireEvent.click(toggle);
      expect((await screen.findByTestId('wallet-paid-line')).textContent).toBe(`${texts.wallet}\u221220.00 ر.س`);
      expect(screen.getByTestId('card-due-line').textContent).toBe(`${texts.card}29.99 ر.س`);
    });
  }

  it('a paid order shows what the wallet and the card paid, without a switch', () => {
    draw(
      { status: 'paid', wallet: null, paid_from_wallet: { wallet_formatted: '20.00', card_formatted: '29.99' } } as unknown as HostedOrder,
      'en',
    );
    expect(screen.queryByTestId('pay-with-wallet')).toBeNull();
    expect(screen.getByTestId('wallet-paid-line').textContent).toBe('Paid from wallet\u221220.00');
    expect(screen.getByTestId('card-due-line').textContent).toBe('To pay by card29.99');
  });
});
