import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { homeAddressInput } from './schemas.ts';
import { SERIES_EVERY_MONTHS, SERIES_MAX_VISITS } from './series.ts';
import { validationMessages as m } from './validation-messages.ts';

// A test that repeats (issue #58): what the booking panel sends to hold a whole series of visits.

export const holdSeriesInput = z.object({
  labTestId: rowId,
  /** The first visit's start; the others are on the same day of the month and time of day, on the lab's clock. */
  bookingTime: z.iso.datetime({ offset: true, error: m.invalid }),
  everyMonths: z.union(SERIES_EVERY_MONTHS.map((months) => z.literal(months)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<6>], {
    error: m.invalid,
  }),
  visits: z.number().int(m.invalid).min(2, m.invalid).max(SERIES_MAX_VISITS, m.invalid),
  familyMemberId: z.uuid().optional(),
  /** Every visit at home, at this address, in the lab's home collection window that starts at `bookingTime`'s time. */
  home: homeAddressInput.optional(),
  /** Pay each visit when it comes due (the first now, the others reserved until paid: ADR 0075), not all now. */
  payEachVisit: z.boolean().default(false),
});
export type HoldSeriesInput = z.infer<typeof holdSeriesInput>;

/** Where each visit of a series would fall, shown before it is held (ADR 0082). */
export const seriesPlanInput = holdSeriesInput.pick({ labTestId: true, bookingTime: true, everyMonths: true, visits: true, home: true });

/** A visit of a series reserved until paid: which, to pay for it (in the cart) or let it go. */
export const reservedVisitInput = z.object({ id: z.uuid() });

/** A reserved visit moved to another of the lab's times for its test. */
export const moveReservedVisitInput = reservedVisitInput.extend({
  bookingTime: z.iso.datetime({ offset: true, error: m.invalid }),
});

/** The lab whose terms for paying a series the customer asks (ADR 0077). */
export const seriesPaymentTermsInput = z.object({ labId: z.uuid({ error: m.invalid }) });
