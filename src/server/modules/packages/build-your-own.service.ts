import type { Kysely } from 'kysely';
import { halalasToSar } from '../../../shared/money.ts';
import type { BuildYourOwnInput } from '../../../shared/package-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { analytesById } from '../analytes/analytes.service.ts';
import * as repo from './build-your-own.repository.ts';
import { cheapestCover } from './cheapest-cover.ts';

/** How many labs the answer lists. */
const LABS_SHOWN = 20;

/**
 * "Build your own" (issue #79 item 3): for the markers a person wants, the labs that cover them in one
 * visit, each with its cheapest combination of packages and single tests (cheapest-cover.ts) and what it
 * cannot do; labs covering everything first, then the cheapest, then the nearest.
 */
export async function buildYourOwn(db: Kysely<Database>, input: BuildYourOwnInput) {
  const origin = input.lat !== undefined && input.lon !== undefined ? { lat: input.lat, lon: input.lon } : null;
  const [markers, candidates] = await Promise.all([analytesById(db, input.analyteIds), repo.candidateLabs(db, origin)]);
  const labIds = candidates.map((lab) => lab.lab_id);
  const [offers, labs] = await Promise.all([repo.offersHolding(db, labIds, input.analyteIds), repo.labsById(db, labIds)]);
  const offersOf = new Map<string, typeof offers>();
  for (const offer of offers) offersOf.set(offer.lab_id, [...(offersOf.get(offer.lab_id) ?? []), offer]);
  const labOf = new Map(labs.map((lab) => [lab.id, lab]));

  const priced = candidates.flatMap((candidate) => {
    const cover = cheapestCover(
      input.analyteIds,
      (offersOf.get(candidate.lab_id) ?? []).map((offer) => ({ ...offer, id: offer.lab_test_id, price: offer.price_halalas })),
    );
    // A lab with none of the markers is not an answer.
    if (cover.offers.length === 0) return [];
    const lab = labOf.get(candidate.lab_id)!;
    return {
      lab: {
        id: lab.id,
        lab_name_ar: lab.lab_name_ar,
        lab_name_en: lab.lab_name_en,
        address_ar: lab.address_ar,
        address_en: lab.address_en,
        city: lab.city,
        rating: Number(lab.rating),
        review_count: lab.review_count,
        time_zone: lab.time_zone,
        home_collection_fee: lab.home_collection_fee_halalas === null ? null : halalasToSar(lab.home_collection_fee_halalas),
      },
      distance_meters: candidate.distance_meters,
      price_halalas: cover.price,
      price: halalasToSar(cover.price),
      items: cover.offers.map((offer) => ({
        lab_test_id: offer.lab_test_id,
        test_id: offer.test_id,
        is_package: offer.kind === 'package',
        name_ar: offer.name_ar,
        name_en: offer.name_en,
        price: halalasToSar(offer.price_halalas),
        fasting_hours: offer.fasting_hours,
        markers: offer.markers.filter((marker) => input.analyteIds.includes(marker)),
      })),
      uncovered: cover.uncovered,
    };
  });
  priced.sort(
    (a, b) =>
      a.uncovered.length - b.uncovered.length ||
      a.price_halalas - b.price_halalas ||
      (a.distance_meters ?? 0) - (b.distance_meters ?? 0) ||
      a.lab.id.localeCompare(b.lab.id),
  );
  const byId = new Map(markers.map((marker) => [marker.id, marker]));
  return {
    markers: input.analyteIds.flatMap((id) => {
      const marker = byId.get(id);
      return marker ? [{ id, loinc: marker.loinc, name_ar: marker.name_ar, name_en: marker.name_en }] : [];
    }),
    labs: priced.slice(0, LABS_SHOWN).map(({ price_halalas, ...lab }) => lab),
  };
}
