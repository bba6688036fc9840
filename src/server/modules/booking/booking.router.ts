import { z } from 'zod';
import { bookingPromoQuoteInput } from '../../../shared/promo-schemas.ts';
import {
  availableSlotsInput,
  bookingItemInput,
  createBookingsInput,
  homeAddressInput,
  rescheduleBookingInput,
  seatHoldInput,
} from '../../../shared/schemas.ts';
import {
  holdSeriesInput,
  moveReservedVisitInput,
  reservedVisitInput,
  seriesPaymentTermsInput,
  seriesPlanInput,
} from '../../../shared/series-schemas.ts';
import { router } from '../../trpc/init.ts';
import { customerProcedure, publicProcedure, seatHoldProcedure } from '../../trpc/procedures.ts';
import { insurerSharesAtCheckout } from '../insurance-coverage/insurance-coverage.service.ts';
import { nphiesOptionsFromEnv } from '../nphies/nphies.service.ts';
import * as booking from './booking.service.ts';
import { startCheckoutAtGateway } from './booking-payments.service.ts';
import { assertReachableAtHome } from './home-visits.service.ts';
import { moveReservedVisit, releaseReservedVisit, reservedVisits } from './series-payments.service.ts';
import { seriesSummaries } from './series-summary.service.ts';
import { seriesPaymentTerms } from './series-terms.service.ts';

/** A lab's home collection windows on a date; with `near`, only those whose round can take a visit there (ADR 0071). */
const homeWindowsInput = availableSlotsInput.extend({
  near: homeAddressInput.pick({ latitude: true, longitude: true }).optional(),
});

/** A guest's client address, whose guests share a cap of holds; none when the runtime does not know it. */
function guestAddress(user: { is_anonymous: boolean }, clientIp: string, maxHolds: number): booking.GuestAddressCap | null {
  return user.is_anonymous && clientIp !== 'unknown' ? { address: clientIp, maxHolds } : null;
}

export const bookingRouter = router({
  availableSlots: publicProcedure
    .input(availableSlotsInput)
    .query(({ ctx, input }) =>
      booking.availableSlots(ctx.db, input.labId, input.date, ctx.user?.id ?? null, new Date(), input.labTestId ?? null),
    ),
  /** Why a day's slots are fewer than its hours: Ramadan hours, prayer pauses, the break after each appointment, a fasting cut-off. */
  slotRules: publicProcedure
    .input(availableSlotsInput)
    .query(({ ctx, input }) => booking.slotRulesOn(ctx.db, input.labId, input.date, input.labTestId ?? null)),
  /** The lab's free home collection windows on a date (none when it does not collect at home); `near`: for a home there. */
  homeWindows: publicProcedure
    .input(homeWindowsInput)
    .query(({ ctx, input }) =>
      booking.availableHomeWindows(
        ctx.db,
        input.labId,
        input.date,
        ctx.user?.id ?? null,
        new Date(),
        input.labTestId ?? null,
        input.near ?? null,
      ),
    ),
  holdSlot: seatHoldProcedure.input(bookingItemInput).mutation(({ ctx, input }) => {
    assertReachableAtHome(ctx.user, Boolean(input.home), Boolean(ctx.config.SMS_PROVIDER));
    return booking.holdSlot(
      ctx.db,
      ctx.user.id,
      input.labTestId,
      input.bookingTime,
      new Date(),
      guestAddress(ctx.user, ctx.clientIp, ctx.config.HOLDS_PER_ADDRESS),
      input.home ?? null,
      input.familyMemberId ?? null,
    );
  }),
  /** Where each visit of a repeating test would fall, and why one moved from its rule's day and time (ADR 0082). */
  seriesPlan: publicProcedure
    .input(seriesPlanInput)
    .query(({ ctx, input }) => booking.seriesPlan(ctx.db, ctx.user?.id ?? null, input, new Date())),
  /** Holds every visit of a repeating test (every 1, 3 or 6 months), all or none; answers their times. */
  holdSeries: seatHoldProcedure.input(holdSeriesInput).mutation(({ ctx, input }) => {
    assertReachableAtHome(ctx.user, Boolean(input.home), Boolean(ctx.config.SMS_PROVIDER));
    return booking.holdSeries(ctx.db, ctx.user, input, new Date(), guestAddress(ctx.user, ctx.clientIp, ctx.config.HOLDS_PER_ADDRESS));
  }),
  releaseHold: customerProcedure
    .input(seatHoldInput)
    .mutation(({ ctx, input }) =>
      booking.releaseHold(ctx.db, ctx.user.id, input.labTestId, input.bookingTime, input.home ? 'home' : 'lab'),
    ),
  create: customerProcedure.input(createBookingsInput).mutation(({ ctx, input }) => {
    assertReachableAtHome(
      ctx.user,
      input.items.some((item) => item.home),
      Boolean(ctx.config.SMS_PROVIDER),
    );
    const shown = input.coverageMessageIds;
    const paying: booking.PayingWith = {
      promo: input.promoCode ? { code: input.promoCode, clientIp: ctx.clientIp } : null,
      wallet: input.useWallet,
      // Only the person's share: the insurer's, asked again from the answers the page showed (ADR 0099).
      insurer: shown
        ? (seats) => insurerSharesAtCheckout(ctx.db, ctx.keys, nphiesOptionsFromEnv(ctx.config), ctx.user.id, seats, shown)
        : null,
    };
    return ctx.payments.browser
      ? startCheckoutAtGateway(
          ctx.db,
          ctx.payments,
          ctx.user,
          input.items,
          input.idempotencyKey,
          ctx.config.PUBLIC_URL,
          new Date(),
          paying,
          ctx.log,
        )
      : booking.createBookings(ctx.db, ctx.payments, ctx.user, input.items, input.idempotencyKey, new Date(), ctx.instance, paying);
  }),
  /** What a promo code takes off the cart before paying, or why it does not apply (PROMO_REFUSED; ADR 0092). */
  promoQuote: customerProcedure
    .input(bookingPromoQuoteInput)
    .mutation(({ ctx, input }) => booking.quotePromo(ctx.db, ctx.user, input.items, { code: input.code, clientIp: ctx.clientIp })),
  /** How the checkout page takes payment: the simulated one, or a card form posting to the gateway. */
  paymentMethod: publicProcedure.query(({ ctx }) => ({ provider: ctx.payments.browser ? ('moyasar' as const) : ('simulated' as const) })),
  mine: customerProcedure.query(({ ctx }) => booking.myBookings(ctx.db, ctx.user.id)),
  /** How the customer may pay a series at a lab: each visit when due, or all now (ADR 0075, 0077), and why. */
  seriesPaymentTerms: customerProcedure
    .input(seriesPaymentTermsInput)
    .query(({ ctx, input }) => seriesPaymentTerms(ctx.db, ctx.user, input.labId)),
  /** The customer's series with a visit held or reserved now: every visit, paid or to be paid by when (the checkout lists them). */
  cartSeries: customerProcedure.query(({ ctx }) => seriesSummaries(ctx.db, ctx.user.id, new Date())),
  /** The visits of the customer's series reserved until paid, each paid when due (ADR 0075). */
  reservedVisits: customerProcedure.query(({ ctx }) => reservedVisits(ctx.db, ctx.user.id)),
  /** Lets a reserved visit go: its seat is free for others at once. */
  releaseReservedVisit: customerProcedure
    .input(reservedVisitInput)
    .mutation(({ ctx, input }) => releaseReservedVisit(ctx.db, ctx.user.id, input.id)),
  /** Moves a reserved visit to another of the lab's times; it stays reserved until two days before it. */
  moveReservedVisit: customerProcedure
    .input(moveReservedVisitInput)
    .mutation(({ ctx, input }) => moveReservedVisit(ctx.db, ctx.user.id, input.id, input.bookingTime)),
  /** What cancelling would give back now, as the cancellation computes it: the cancel dialog says this. */
  cancellation: customerProcedure
    .input(z.object({ id: z.uuid() }))
    .query(({ ctx, input }) => booking.cancellationQuote(ctx.db, ctx.user.id, input.id)),
  cancel: customerProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => booking.cancelBooking(ctx.db, ctx.user.id, input.id, new Date(), ctx.payments)),
  reschedule: customerProcedure
    .input(rescheduleBookingInput)
    .mutation(({ ctx, input }) => booking.rescheduleBooking(ctx.db, ctx.user.id, input.id, input.bookingTime)),
});
