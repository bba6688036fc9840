import type { Kysely } from 'kysely';
import { cityFromText, normalizeSearchText } from '../../../shared/cities.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import { PRICE_FILTER_MAX, type SearchInput } from '../../../shared/schemas.ts';
import type { Database } from '../../db/schema.ts';
import { searchLabTests } from './search.repository.ts';

const INT4_MAX = 2_147_483_647;

export async function searchTests(db: Kysely<Database>, input: SearchInput) {
  const origin = input.lat !== undefined && input.lon !== undefined ? { lat: input.lat, lon: input.lon } : null;
  // A typed place narrows to a city when it names one, otherwise to addresses containing it.
  const typed = !origin && input.location ? input.location : null;
  const city = typed ? cityFromText(typed) : null;
  const maxPrice = input.maxPrice ?? PRICE_FILTER_MAX;
  const rows = await searchLabTests(db, {
    text: input.query,
    origin,
    city,
    addressText: typed && !city ? normalizeSearchText(typed) : null,
    minPriceHalalas: sarToHalalas(input.minPrice ?? 0),
    // The slider's top means "any price", so 5000 does not hide a dearer test.
    maxPriceHalalas: maxPrice >= PRICE_FILTER_MAX ? INT4_MAX : sarToHalalas(maxPrice),
    minRating: input.minRating ?? 0,
    sort: input.sort,
  });
  return rows.map(({ price_halalas, lab_rating, score: _score, ...row }) => ({
    ...row,
    lab_rating: Number(lab_rating),
    price: halalasToSar(price_halalas),
  }));
}
