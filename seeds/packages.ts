import type { Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import * as packagesRepo from '../src/server/modules/packages/packages.repository.ts';
import { insertNewPackage } from '../src/server/modules/packages/packages.service.ts';
import { seedPackages } from './data/packages.ts';

type Count = (table: string, rows: number) => void;

/**
 * The demo's packages (seeds/data/packages.ts), saved as a lab saves them and, except the one left for
 * the admin's queue, approved by the demo's admin (no audit entry: the demo did not happen). A package
 * the lab already has by that English name is left as it is, so a second run adds nothing.
 */
export async function seedLabPackages(tx: Transaction<Database>, labIds: readonly string[], adminId: string, count: Count) {
  const catalogue = new Map(
    (await tx.selectFrom('tests').select(['id', 'name_en']).where('kind', '=', 'test').execute()).map((row) => [row.name_en, row.id]),
  );
  const existing = await tx
    .selectFrom('test_packages')
    .innerJoin('tests', 'tests.id', 'test_packages.test_id')
    .select(['test_packages.lab_id', 'tests.name_en'])
    .execute();
  const now = new Date();
  for (const seed of seedPackages) {
    const labId = labIds[seed.lab];
    if (!labId) throw new Error(`Seed package's lab missing: ${seed.lab}`);
    if (existing.some((row) => row.lab_id === labId && row.name_en === seed.nameEn)) continue;
    const testIds = seed.tests.map((name) => {
      const id = catalogue.get(name);
      if (id === undefined) throw new Error(`Seed package's test missing: ${name}`);
      return id;
    });
    const id = await insertNewPackage(
      tx,
      labId,
      {
        nameAr: seed.nameAr,
        nameEn: seed.nameEn,
        descriptionAr: seed.descriptionAr,
        descriptionEn: seed.descriptionEn,
        preparationAr: '',
        preparationEn: '',
        categoryId: seed.categoryId,
        testIds,
        price: seed.priceSar,
        suitsSex: seed.suitsSex ?? null,
        minAge: seed.minAge ?? null,
        maxAge: seed.maxAge ?? null,
      },
      now,
    );
    count('test_packages', 1);
    if (seed.pending) continue;
    const [row] = (await packagesRepo.labPackages(tx, labId)).filter((item) => item.id === id);
    await packagesRepo.markReviewed(tx, id, { status: 'approved', adminId, note: null, at: now });
    await packagesRepo.setOnSale(tx, row!.lab_test_id, true);
  }
}
