import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar } from '../../../shared/money.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { testJudgedByAgeOrSex } from '../analytes/analytes.service.ts';
import { labOnTimeRecord } from '../wallet/guarantee.service.ts';
import * as repo from './catalog.repository.ts';

const price = (halalas: number | null | undefined) => (halalas === null || halalas === undefined ? null : halalasToSar(halalas));

function testSummary<T extends { min_price_halalas: number | null; lab_count: string | null }>(row: T) {
  const { min_price_halalas, lab_count, ...rest } = row;
  return { ...rest, min_price: price(min_price_halalas), lab_count: Number(lab_count ?? 0) };
}

/** A lab as the public sees it; `home_collection_fee` (SAR) is null when it does not collect samples at home. */
function labSummary<T extends { rating: string; time_zone: string; home_collection_fee_halalas: number | null }>(row: T) {
  const { home_collection_fee_halalas, ...rest } = row;
  return { ...rest, rating: Number(row.rating), home_collection_fee: price(home_collection_fee_halalas) };
}

export async function getCategories(db: Kysely<Database>) {
  const rows = await repo.listCategories(db);
  return rows.map((row) => ({ ...row, test_count: Number(row.test_count) }));
}

export async function getCategory(db: Kysely<Database>, nameEn: string) {
  const category = await repo.findCategoryByNameEn(db, nameEn);
  if (!category) throw new AppError('NOT_FOUND', { entity: 'category' });
  const tests = await repo.listTestsInCategory(db, category.id);
  return { ...category, tests: tests.map(testSummary) };
}

export async function getPopularTests(db: Kysely<Database>) {
  return (await repo.listPopularTests(db)).map(testSummary);
}

export async function getTest(db: Kysely<Database>, nameEn: string) {
  const test = await repo.findTestByNameEn(db, nameEn);
  if (!test) throw new AppError('NOT_FOUND', { entity: 'test' });
  // Whether booking it for oneself asks for one's sex and date of birth, when the profile lacks them (issue #76 item 3).
  return { ...testSummary(test), judgedByAgeOrSex: await testJudgedByAgeOrSex(db, test.id) };
}

export async function getLabsForTest(db: Kysely<Database>, testId: number) {
  const rows = await repo.listLabsForTest(db, testId);
  return rows.map(({ price_halalas, ...row }) => ({ ...labSummary(row), price: halalasToSar(price_halalas) }));
}

export async function getLabs(db: Kysely<Database>, city: string | undefined) {
  const rows = await repo.listApprovedLabs(db, city);
  return rows.map(({ test_count, ...row }) => ({ ...labSummary(row), test_count: Number(test_count ?? 0) }));
}

/** A lab's page by its address; an address that is no lab's id (not even a UUID) is a lab not found. */
export async function getLab(db: Kysely<Database>, labId: string) {
  const lab = z.uuid().safeParse(labId).success ? await repo.findApprovedLab(db, labId) : undefined;
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  const [hours, rules, offerings, onTime] = await Promise.all([
    repo.listWorkingHours(db, labId),
    repo.findLabBookingRules(db, labId),
    repo.listLabOfferings(db, labId),
    labOnTimeRecord(db, labId),
  ]);
  return {
    ...labSummary(lab),
    working_hours: hours,
    prayer_pause_minutes: rules.prayer_pause_minutes,
    min_notice_minutes: rules.min_notice_minutes,
    ramadan_hours:
      rules.ramadan_opens_at !== null && rules.ramadan_closes_at !== null
        ? { opens_at: rules.ramadan_opens_at, closes_at: rules.ramadan_closes_at }
        : null,
    tests: offerings.map(({ price_halalas, ...row }) => ({ ...row, price: halalasToSar(price_halalas) })),
    /** The last 90 days' kept promises (ADR 0093); null sides when there is nothing to count. */
    on_time: onTime,
  };
}

/** The networks the footer links to, in its order, with the address the operator gave each (unset: left out). */
export function socialLinks(env: Pick<Env, 'SOCIAL_X_URL' | 'SOCIAL_INSTAGRAM_URL' | 'SOCIAL_LINKEDIN_URL' | 'SOCIAL_YOUTUBE_URL'>) {
  const links = [
    { network: 'x', href: env.SOCIAL_X_URL },
    { network: 'instagram', href: env.SOCIAL_INSTAGRAM_URL },
    { network: 'linkedin', href: env.SOCIAL_LINKEDIN_URL },
    { network: 'youtube', href: env.SOCIAL_YOUTUBE_URL },
  ] as const;
  return links.flatMap(({ network, href }) => (href ? [{ network, href }] : []));
}

/** The map's tiles and the credit their provider asks for (MAP_TILES_URL, MAP_TILES_ATTRIBUTION). */
export function mapTiles(env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_ATTRIBUTION'>) {
  return { url: env.MAP_TILES_URL, attribution: env.MAP_TILES_ATTRIBUTION };
}
