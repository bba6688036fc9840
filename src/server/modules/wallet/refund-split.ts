// A refund of something paid partly from the wallet goes back where the money came from (ADR 0093).

/**
 * How a refund of `amount` of something paid partly from the wallet splits between the wallet and the
 * card: in the proportion they paid, never more to either than it paid less what it has had back
 * already (so the last refund takes what rounding left).
 */
export function splitRefund(
  paid: { walletHalalas: number; totalHalalas: number },
  refunded: { walletHalalas: number; cardHalalas: number },
  amount: number,
): { walletHalalas: number; cardHalalas: number } {
  const cardPaid = paid.totalHalalas - paid.walletHalalas;
  const walletLeft = Math.max(0, paid.walletHalalas - refunded.walletHalalas);
  const cardLeft = Math.max(0, cardPaid - refunded.cardHalalas);
  const asked = Math.min(Math.max(0, amount), walletLeft + cardLeft);
  const fair = paid.totalHalalas > 0 ? Math.round((asked * paid.walletHalalas) / paid.totalHalalas) : 0;
  const wallet = Math.min(walletLeft, Math.max(fair, asked - cardLeft));
  return { walletHalalas: wallet, cardHalalas: asked - wallet };
}
