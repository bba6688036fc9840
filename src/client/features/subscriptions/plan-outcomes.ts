// What the server's returns from the gateway say on a plan's page (ADR 0042): read from the address by
// the routes, said by plan-status.tsx. Apart, so a page that loads the plan's status lazily does not
// load it to read its address.

/** What /payments/moyasar/callback says of a plan's payment (`?payment=…`). */
export const PLAN_PAYMENT_OUTCOMES = ['paid', 'failed', 'pending', 'unknown'] as const;
export type PlanPaymentOutcome = (typeof PLAN_PAYMENT_OUTCOMES)[number];

/** What /payments/moyasar/card-saved says of a card change (`?card=…`, with the bank's words in `message` when refused). */
export const CARD_CHANGE_OUTCOMES = ['saved', 'failed', 'unknown'] as const;
export type CardChangeOutcome = (typeof CARD_CHANGE_OUTCOMES)[number];
