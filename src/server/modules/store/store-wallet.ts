import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { type CurrencyInfo, formatStorePrice } from '../../../shared/store.ts';
import type { Database } from '../../db/schema.ts';
import { spendFromWallet, walletBalanceHalalas } from '../wallet/wallet.service.ts';
import { setOrderWallet } from './store-orders.repository.ts';

// The wallet at the store's checkout (ADR 0093): a signed-in buyer may pay all or part of an order in
// riyals from their wallet. The order records what the wallet is to pay (`wallet_halalas`, written while
// it is pending); the card or gateway is charged the rest; the wallet is drawn in the transaction that
// marks the order paid, so nothing is drawn for an order never paid. Wallet money is a means of payment,
// not a discount: the order's total and its invoice are unchanged.

/** The wallet's spend key of a store order (a refund's part is keyed by the refund). */
export function orderSpendKey(orderId: string): string {
  return `order:${orderId}`;
}

/** What the card or the gateway is charged for an order: its total less what the wallet pays. */
export function cardDueOf(order: { total_cents: number; wallet_halalas: number }): number {
  return order.total_cents - order.wallet_halalas;
}

/** An order paid by the wallet alone has no card payment: this stands for it as the order's payment reference. */
export function walletPaymentReference(orderId: string): string {
  return `wallet:${orderId}`;
}

type WalletOrder = { id: string; user_id: string | null; currency: string; total_cents: number; wallet_halalas: number };

/** A wallet pays only its owner's own order, signed in, in riyals. */
function walletMayPay(order: WalletOrder, userId: string | null): userId is string {
  return order.user_id !== null && order.user_id === userId && order.currency.toUpperCase() === 'SAR';
}

/**
 * Writes on the pending order what its wallet is to pay, as its buyer starts paying: as much of the total
 * as the balance holds now when they chose the wallet, else nothing. Answers the order with it.
 */
export async function chooseOrderWallet<Order extends WalletOrder>(
  db: Kysely<Database>,
  order: Order,
  viewerId: string | null,
  useWallet: boolean,
): Promise<Order> {
  const wallet = useWallet && walletMayPay(order, viewerId) ? Math.min(await walletBalanceHalalas(db, viewerId), order.total_cents) : 0;
  if (!(await setOrderWallet(db, order.id, wallet))) throw new AppError('CHECKOUT_CLOSED');
  return { ...order, wallet_halalas: wallet };
}

/**
 * Draws what the order records from its buyer's wallet, in the transaction that marks it paid. When the
 * wallet pays less (another checkout spent the balance, or it expired): WALLET_BALANCE_CHANGED, which
 * rolls that transaction back, so the order is not placed and its card payment goes back.
 */
export async function drawOrderWallet(tx: Transaction<Database>, order: WalletOrder, now = new Date()): Promise<void> {
  if (order.wallet_halalas <= 0) return;
  const paid = order.user_id
    ? await spendFromWallet(tx, order.user_id, { amountHalalas: order.wallet_halalas, spendKey: orderSpendKey(order.id) }, now)
    : 0;
  if (paid < order.wallet_halalas) throw new AppError('WALLET_BALANCE_CHANGED', { recorded: order.wallet_halalas, paid });
}

/**
 * What the payment page shows of the wallet. While the order is pending, to its signed-in buyer with a
 * balance: the balance, what it would pay and what would be left for the card (the switch is theirs).
 * Once paid, to its buyer: what the wallet and the card paid.
 */
export async function walletAtCheckout(
  db: Kysely<Database>,
  order: WalletOrder & { status: string; paid_at: Date | null },
  viewerId: string | null,
  currency: CurrencyInfo | null,
) {
  const price = (halalas: number) => formatStorePrice(halalas, currency);
  if (!walletMayPay(order, viewerId)) return { offer: null, paid: null };
  if (order.status !== 'pending') {
    // Recorded on an order never paid, nothing was drawn.
    const paid =
      order.paid_at && order.wallet_halalas > 0
        ? { wallet_formatted: price(order.wallet_halalas), card_formatted: price(cardDueOf(order)) }
        : null;
    return { offer: null, paid };
  }
  const balance = await walletBalanceHalalas(db, viewerId);
  if (balance <= 0) return { offer: null, paid: null };
  const pays = Math.min(balance, order.total_cents);
  return {
    offer: {
      balance_formatted: price(balance),
      pays_formatted: price(pays),
      card_due_cents: order.total_cents - pays,
      card_due_formatted: price(order.total_cents - pays),
    },
    paid: null,
  };
}
