import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { splitRefund } from './refund-split.ts';
import * as repo from './wallet.repository.ts';
import { refundToWallet } from './wallet.service.ts';

// A refund of something paid partly from the wallet (ADR 0093): the wallet's share goes back to the
// wallet here, in the caller's transaction; the card's share is answered for the caller's gateway.
// The split itself is for other modules too (a cancel dialog says it before anything is refunded).
export { splitRefund };

export interface WalletPaidRefund {
  /** Whose wallet paid (null: a guest's order, nothing from a wallet). */
  userId: string | null;
  /** The spend's key at checkout (`order:<id>`). */
  spendKey: string;
  /** What the wallet paid of the total, and the total. */
  walletPaidHalalas: number;
  totalHalalas: number;
  /** What the card has had back already. */
  cardRefundedHalalas: number;
  /** What this refund gives back in all. */
  amountHalalas: number;
  /** This refund's id: the wallet's share is given once per key. */
  refundKey: string;
}

/**
 * Splits a refund between the wallet and the card in the proportion they paid (splitRefund), gives the
 * wallet its share now, once per refund key, and answers both shares: the card's is the caller's to
 * give back at the gateway.
 */
export async function refundWalletShare(
  tx: Transaction<Database>,
  refund: WalletPaidRefund,
  now = new Date(),
): Promise<{ walletHalalas: number; cardHalalas: number }> {
  let walletRefunded = 0;
  if (refund.userId && refund.walletPaidHalalas > 0) {
    await repo.lockLots(tx, refund.userId);
    walletRefunded = await repo.refundedFor(tx, refund.userId, refund.spendKey);
  }
  const split = splitRefund(
    { walletHalalas: refund.userId ? refund.walletPaidHalalas : 0, totalHalalas: refund.totalHalalas },
    { walletHalalas: walletRefunded, cardHalalas: refund.cardRefundedHalalas },
    refund.amountHalalas,
  );
  if (split.walletHalalas > 0 && refund.userId) {
    await refundToWallet(tx, refund.userId, refund.spendKey, now, { key: refund.refundKey, amountHalalas: split.walletHalalas });
  }
  return split;
}
