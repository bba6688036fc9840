import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { followUpOffersInput } from '../../../shared/analysis-schemas.ts';
import { halalasToSar } from '../../../shared/money.ts';
import type { Database } from '../../db/schema.ts';
import { firstOffersOf } from '../search/search.service.ts';

/** How many labs a suggested test shows: enough to choose, few enough to book in one tap. */
const OFFERS_SHOWN = 3;

/**
 * Where a suggested follow-up test can be booked: its first offers in search's own order, nearest
 * first when the reader shared where they are.
 */
export async function followUpOffers(db: Kysely<Database>, input: z.infer<typeof followUpOffersInput>) {
  const origin = input.lat !== undefined && input.lon !== undefined ? { lat: input.lat, lon: input.lon } : null;
  const rows = await firstOffersOf(db, input.testId, origin);
  return rows.slice(0, OFFERS_SHOWN).map((row) => ({
    labId: row.lab_id,
    lab: { ar: row.lab_name_ar, en: row.lab_name_en },
    city: row.lab_city,
    rating: Number(row.lab_rating),
    reviews: row.lab_review_count,
    price: halalasToSar(row.price_halalas),
    distanceKm: row.distance_meters === null ? null : Math.round(row.distance_meters / 100) / 10,
  }));
}
