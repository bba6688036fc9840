import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { NO_SHOW_DAYS, NO_SHOW_PREPAY_COUNT } from '../../../shared/series.ts';
import type { Database } from '../../db/schema.ts';
import { labNoShowTerms } from './booking.repository.ts';

// How a series may be paid at a lab (issue #58, ADR 0075, 0077). Each visit when it comes due is an account's
// choice (a guest is told of nothing by mail); a lab may ask a customer with NO_SHOW_PREPAY_COUNT no-shows there in
// the last NO_SHOW_DAYS days to pay every visit now (labs.no_show_prepay). Such a customer is told why, in the
// booking panel before choosing, and by PAY_UP_FRONT if the choice is sent anyway. A no-show that has results is
// not counted (issue #77 item 2): that visit happened.

const DAY = 24 * 60 * 60_000;

export interface SeriesPaymentTerms {
  /** Whether the customer may pay each visit when it comes due here. */
  pay_each_visit: boolean;
  /** Why not, when not: a guest, or the lab's rule on no-shows. */
  reason: 'guest' | 'no_shows' | null;
  /** The customer's no-shows at the lab in the last `days` days, counted when the lab asks for it (else 0). */
  no_shows: number;
  days: number;
}

/** The terms on which the customer may pay a series at the lab (NOT_FOUND for a lab that is not listed). */
export async function seriesPaymentTerms(
  db: Kysely<Database>,
  customer: { id: string; is_anonymous: boolean },
  labId: string,
  now = new Date(),
): Promise<SeriesPaymentTerms> {
  const since = new Date(now.getTime() - NO_SHOW_DAYS * DAY);
  const lab = await labNoShowTerms(db, labId, customer.id, since);
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  const noShows = lab.no_show_prepay ? Number(lab.no_shows) : 0;
  const reason = customer.is_anonymous ? 'guest' : noShows >= NO_SHOW_PREPAY_COUNT ? 'no_shows' : null;
  return { pay_each_visit: reason === null, reason, no_shows: noShows, days: NO_SHOW_DAYS };
}

/** Refuses paying a series' visits each when due where the terms do not allow it: FORBIDDEN for a guest, else PAY_UP_FRONT. */
export async function assertMayPayEachVisit(
  db: Kysely<Database>,
  customer: { id: string; is_anonymous: boolean },
  labId: string,
  now: Date,
) {
  const terms = await seriesPaymentTerms(db, customer, labId, now);
  if (terms.reason === 'guest') throw new AppError('FORBIDDEN');
  if (terms.reason === 'no_shows') throw new AppError('PAY_UP_FRONT', { noShows: terms.no_shows, days: terms.days });
}
