import type { Kysely, Transaction } from 'kysely';
import { normalizeSearchText } from '../../../shared/cities.ts';
import { latinDigits } from '../../../shared/digits.ts';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import type { SavePackageInput } from '../../../shared/package-schemas.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { analyteIdsNamed, analytesOfTests, offeredAnalytesNamed, testJudgedByAgeOrSex } from '../analytes/analytes.service.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import * as repo from './packages.repository.ts';

// A lab's packages (issue #79 item 1, ADR 0091): the lab saves them, the admin approves them, the public
// reads them with their markers grouped, and search finds them by name and by marker.

type Member = Awaited<ReturnType<typeof repo.packageMembers>>[number];
type MemberAnalyte = Awaited<ReturnType<typeof analytesOfTests>>[number];

export interface Marker {
  id: number;
  loinc: string;
  name_ar: string;
  name_en: string;
}

/** A package's markers, each once, grouped by the category of the member test that first holds it. */
export interface MarkerGroup {
  category_id: number;
  name_ar: string;
  name_en: string;
  markers: Marker[];
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function markerGroups(members: readonly Member[], analytes: readonly MemberAnalyte[]): MarkerGroup[] {
  const byTest = groupBy(analytes, (analyte) => analyte.test_id);
  const groups = new Map<number, MarkerGroup>();
  const seen = new Set<number>();
  for (const member of members) {
    for (const analyte of byTest.get(member.test_id) ?? []) {
      if (seen.has(analyte.id)) continue;
      seen.add(analyte.id);
      let group = groups.get(member.category_id);
      if (!group) {
        group = { category_id: member.category_id, name_ar: member.category_name_ar, name_en: member.category_name_en, markers: [] };
        groups.set(member.category_id, group);
      }
      group.markers.push({ id: analyte.id, loinc: analyte.loinc, name_ar: analyte.name_ar, name_en: analyte.name_en });
    }
  }
  return [...groups.values()];
}

/** Members, sample types and grouped markers of each package, in three queries for the set. */
async function contentsOf(db: Kysely<Database>, packageIds: readonly number[]) {
  const members = await repo.packageMembers(db, packageIds);
  const analytes = await analytesOfTests(db, [...new Set(members.map((member) => member.test_id))]);
  const membersOf = groupBy(members, (member) => member.package_id);
  return new Map(
    packageIds.map((id) => {
      const own = membersOf.get(id) ?? [];
      const groups = markerGroups(own, analytes);
      return [
        id,
        {
          members: own.map((member) => ({ test_id: member.test_id, name_ar: member.name_ar, name_en: member.name_en })),
          sample_types: [...new Set(own.flatMap((member) => (member.sample_type ? [member.sample_type] : [])))],
          marker_groups: groups,
          marker_count: groups.reduce((sum, group) => sum + group.markers.length, 0),
        },
      ];
    }),
  );
}

type OnSaleRow = Awaited<ReturnType<typeof repo.packagesOnSale>>[number];

function publicPackage(row: OnSaleRow) {
  return {
    id: row.id,
    name_ar: row.name_ar,
    name_en: row.name_en,
    description_ar: row.description_ar,
    description_en: row.description_en,
    preparation_ar: row.preparation_ar,
    preparation_en: row.preparation_en,
    fasting_hours: row.fasting_hours,
    turnaround_hours: row.turnaround_hours,
    suits: { sex: row.suits_sex as 'female' | 'male' | null, min_age: row.min_age, max_age: row.max_age },
    lab_test_id: row.lab_test_id,
    price: halalasToSar(row.price_halalas),
    lab: {
      id: row.lab_id,
      lab_name_ar: row.lab_name_ar,
      lab_name_en: row.lab_name_en,
      address_ar: row.address_ar,
      address_en: row.address_en,
      city: row.city,
      latitude: row.latitude,
      longitude: row.longitude,
      rating: Number(row.rating),
      review_count: row.review_count,
      time_zone: row.time_zone,
      fasting_until: row.fasting_until,
      home_collection_fee: row.home_collection_fee_halalas === null ? null : halalasToSar(row.home_collection_fee_halalas),
      home_radius_km: row.home_radius_km,
    },
  };
}

/** A package's page: the package, its lab, its members and its markers grouped. */
export async function getPackage(db: Kysely<Database>, id: number) {
  const row = await repo.findPackageOnSale(db, id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'package' });
  const [contents, judgedByAgeOrSex] = await Promise.all([contentsOf(db, [id]), testJudgedByAgeOrSex(db, id)]);
  return {
    ...publicPackage(row),
    category: { id: row.category_id, name_ar: row.category_name_ar, name_en: row.category_name_en },
    ...contents.get(id)!,
    judgedByAgeOrSex,
  };
}

/** Packages on sale at a lab, or these packages (a comparison), each with its markers. */
export async function listPackages(db: Kysely<Database>, filter: { labId?: string; ids?: readonly number[] }) {
  const rows = await repo.packagesOnSale(db, filter);
  const contents = await contentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...publicPackage(row), ...contents.get(row.id)! }));
}

/**
 * The tests of a package, each with the analytes it reports, in the package's order: the parts its
 * visit's report is resulted by (issue #79 item 1). None for a catalogue test, whose report is one part.
 */
export async function packageParts(db: Kysely<Database> | Transaction<Database>, testId: number) {
  const members = await repo.packageMembers(db, [testId]);
  if (members.length === 0) return [];
  const analytes = await analytesOfTests(
    db,
    members.map((member) => member.test_id),
  );
  return members.map((member) => ({
    testId: member.test_id,
    name: { ar: member.name_ar, en: member.name_en },
    analyteIds: new Set(analytes.filter((analyte) => analyte.test_id === member.test_id).map((analyte) => analyte.id)),
  }));
}

type LabPackageRow = Awaited<ReturnType<typeof repo.labPackages>>[number];

function labView(row: LabPackageRow) {
  return {
    id: row.id,
    name_ar: row.name_ar,
    name_en: row.name_en,
    description_ar: row.description_ar,
    description_en: row.description_en,
    preparation_ar: row.preparation_ar ?? '',
    preparation_en: row.preparation_en ?? '',
    category_id: row.category_id,
    fasting_hours: row.fasting_hours,
    turnaround_hours: row.turnaround_hours,
    suits_sex: row.suits_sex as 'female' | 'male' | null,
    min_age: row.min_age,
    max_age: row.max_age,
    status: row.status,
    review_note: row.review_note,
    submitted_at: row.submitted_at,
    reviewed_at: row.reviewed_at,
    price: halalasToSar(row.price_halalas),
    on_sale: row.is_active,
    lab_test_id: row.lab_test_id,
  };
}

/** The catalogue tests a lab may put in a package (never a package), with their categories. */
export function catalogueTests(db: Kysely<Database>) {
  return repo.allCatalogueTests(db);
}

/** The lab's packages, whatever their review, with their members and marker counts. */
export async function labPackages(db: Kysely<Database>, labId: string) {
  const rows = await repo.labPackages(db, labId);
  const contents = await contentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const { members, marker_count, sample_types } = contents.get(row.id)!;
    return { ...labView(row), members, marker_count, sample_types };
  });
}

/** The admin's queue: packages waiting for review, oldest first, with what they hold. */
export async function pendingPackages(db: Kysely<Database>) {
  const rows = await repo.pendingPackages(db);
  const contents = await contentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...labView(row), lab_name_ar: row.lab_name_ar, lab_name_en: row.lab_name_en, ...contents.get(row.id)! }));
}

const maxOf = (values: readonly (number | null)[]) =>
  values.reduce<number | null>((max, value) => (value === null ? max : max === null ? value : Math.max(max, value)), null);

/**
 * A package's row from the lab's input and its members: fasting and turnaround are the strictest of its
 * tests'; without the lab's own words, the preparation is that of its test that fasts longest.
 */
async function packageRow(db: Kysely<Database> | Transaction<Database>, input: SavePackageInput): Promise<repo.PackageRow> {
  const [tests, category] = await Promise.all([repo.catalogueTests(db, input.testIds), repo.categoryExists(db, input.categoryId)]);
  if (tests.length !== input.testIds.length) throw new AppError('NOT_FOUND', { entity: 'test' });
  if (!category) throw new AppError('NOT_FOUND', { entity: 'category' });
  const fasting = maxOf(tests.map((test) => test.fasting_hours));
  const strictest = [...tests].sort((a, b) => (b.fasting_hours ?? -1) - (a.fasting_hours ?? -1))[0]!;
  return {
    name_ar: input.nameAr,
    name_en: input.nameEn,
    description_ar: input.descriptionAr,
    description_en: input.descriptionEn,
    preparation_ar: input.preparationAr || strictest.preparation_ar,
    preparation_en: input.preparationEn || strictest.preparation_en,
    fasting_hours: fasting,
    turnaround_hours: maxOf(tests.map((test) => test.turnaround_hours)),
    category_id: input.categoryId,
  };
}

const termsOf = (input: SavePackageInput): repo.PackageTerms => ({
  suits_sex: input.suitsSex,
  min_age: input.minAge,
  max_age: input.maxAge,
});

/**
 * A new package, or a change to one of the lab's own. What it holds, how it is named and whom it suits
 * is the admin's to approve: a change to any of it sends the package back to review, off sale. A new
 * price alone is the lab's, as a test's is (ADR 0091).
 */
export async function savePackage(db: Kysely<Database>, labId: string, input: SavePackageInput, now = new Date()) {
  const row = await packageRow(db, input);
  const terms = termsOf(input);
  const price = sarToHalalas(input.price);
  const id = await db.transaction().execute(async (tx) => {
    if (input.id === undefined) return repo.insertPackage(tx, labId, row, terms, input.testIds, price, now);
    const current = await repo.lockPackage(tx, input.id);
    if (!current || current.lab_id !== labId) throw new AppError('NOT_FOUND', { entity: 'package' });
    const members = (await repo.packageMembers(tx, [input.id])).map((member) => member.test_id);
    const changed =
      (Object.keys(row) as (keyof repo.PackageRow)[]).some((key) => row[key] !== current[key]) ||
      (Object.keys(terms) as (keyof repo.PackageTerms)[]).some((key) => terms[key] !== current[key]) ||
      members.join() !== input.testIds.join();
    if (changed) {
      await repo.updatePackageContent(tx, input.id, row, terms, input.testIds);
      if (current.status !== 'pending') await repo.resubmitPackage(tx, input.id, current.lab_test_id, now);
    }
    if (price !== current.price_halalas) await repo.setPackagePrice(tx, current.lab_test_id, price);
    return input.id;
  });
  const saved = (await labPackages(db, labId)).find((item) => item.id === id);
  return saved!;
}

/** A new package, pending review, in the caller's transaction (the demo's seed writes its packages so). */
export async function insertNewPackage(tx: Transaction<Database>, labId: string, input: SavePackageInput, now: Date) {
  const row = await packageRow(tx, input);
  return repo.insertPackage(tx, labId, row, termsOf(input), input.testIds, sarToHalalas(input.price), now);
}

/** An approved package on sale or off it, as a test is (its bookings stay). */
export async function setPackageOnSale(db: Kysely<Database>, labId: string, id: number, onSale: boolean) {
  const current = (await repo.labPackages(db, labId)).find((row) => row.id === id);
  if (!current) throw new AppError('NOT_FOUND', { entity: 'package' });
  if (current.status !== 'approved') throw new AppError('PACKAGE_NOT_APPROVED', { status: current.status });
  await repo.setOnSale(db, current.lab_test_id, onSale);
  return { id, on_sale: onSale };
}

/** The admin approves a package (on sale from now) or turns it down with a note for the lab; audited. */
export async function reviewPackage(
  db: Kysely<Database>,
  adminId: string,
  input: { id: number; decision: 'approve' | 'reject'; note: string },
  publicUrl: string,
  now = new Date(),
) {
  return db.transaction().execute((tx) => reviewPackageIn(tx, adminId, input, publicUrl, now));
}

/** The review, in the caller's transaction. */
export async function reviewPackageIn(
  tx: Transaction<Database>,
  adminId: string,
  input: { id: number; decision: 'approve' | 'reject'; note: string },
  publicUrl: string,
  now: Date,
) {
  const current = await repo.lockPackage(tx, input.id);
  if (!current) throw new AppError('NOT_FOUND', { entity: 'package' });
  if (current.status !== 'pending') throw new AppError('PACKAGE_REVIEWED', { status: current.status });
  const status = input.decision === 'approve' ? ('approved' as const) : ('rejected' as const);
  await repo.markReviewed(tx, input.id, { status, adminId, note: input.note || null, at: now });
  if (status === 'approved') await repo.setOnSale(tx, current.lab_test_id, true);
  await recordAudit(tx, {
    actorId: adminId,
    action: status === 'approved' ? 'package.approve' : 'package.reject',
    subjectType: 'package',
    subjectId: input.id,
    details: { labId: current.lab_id, note: input.note || undefined },
  });
  // The lab hears of it as of a test request's review: by mail, in its language, with the note.
  const lab = await recipientOf(tx, current.lab_id);
  if (lab) {
    const link = new URL('/dashboard', publicUrl);
    link.searchParams.set('section', 'packages');
    await enqueueMail(tx, {
      to: lab.email,
      locale: lab.locale,
      userId: current.lab_id,
      message: {
        template: 'package-decided',
        data: {
          name: lab.name,
          packageName: { ar: current.name_ar, en: current.name_en },
          decision: status,
          note: input.note || null,
          link: link.toString(),
        },
      },
    });
  }
  return { id: input.id, status };
}

/**
 * Packages on sale that search should show for these matched tests and words: those holding a matched
 * test rank just below it; those matched by a marker's name, at the threshold.
 */
export async function packagesMatching(
  db: Kysely<Database>,
  tests: readonly { id: number; score: number }[],
  normalizedText: string,
  threshold: number,
) {
  const scores = new Map(tests.map((test) => [test.id, test.score]));
  const rows = await repo.packagesHolding(
    db,
    tests.map((test) => test.id),
    await analyteIdsNamed(db, normalizedText),
  );
  return rows
    .filter((row) => !scores.has(row.id))
    .map((row) => ({
      id: row.id,
      score: Math.max(threshold, (row.member_id === null ? 0 : (scores.get(row.member_id) ?? 0)) * 0.9),
      fasting: row.fasting,
    }));
}

/** The offers of these packages, nearest (or cheapest) first, at most `limit`, priced in SAR. */
export async function packageOffersOf(
  db: Kysely<Database>,
  packageIds: readonly number[],
  origin: { lat: number; lon: number } | null,
  limit: number,
) {
  if (packageIds.length === 0) return [];
  const rows = await repo.packageOffers(db, packageIds, origin, limit);
  return rows.map(({ price_halalas, ...row }) => ({ ...row, price: halalasToSar(price_halalas) }));
}

/** How many markers one look-up by name offers. */
const MARKERS_OFFERED = 10;

/** Markers a person can pick for "build your own" (issue #79 item 3), by a name's words in either language or a LOINC code. */
export function markersNamed(db: Kysely<Database>, q: string) {
  return offeredAnalytesNamed(db, latinDigits(normalizeSearchText(q)), MARKERS_OFFERED);
}
