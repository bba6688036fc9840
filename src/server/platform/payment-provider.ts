/** Where a lab-test checkout is paid. Real gateways (Moyasar first: mada, Apple Pay, STC Pay) plug in here. */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Charges once per `reference` (the checkout id): charging the same reference again answers the
   * first payment (gateways call this an idempotency key). A checkout whose server stopped during the
   * payment is charged again by the attempt that takes it over.
   */
  charge(request: { amountHalalas: number; reference: string; description: string }): Promise<{ reference: string }>;
  refund(paymentReference: string): Promise<void>;
}

/**
 * The default: no money moves. It waits like a gateway would (2 s, as the spec has it) and approves.
 * The checkout page says so plainly ('Payment Integration Needed').
 */
export function simulatedPaymentProvider(delayMs = 2000): PaymentProvider {
  return {
    name: 'simulated',
    async charge({ reference }) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { reference: `sim_${reference}` };
    },
    async refund() {},
  };
}
