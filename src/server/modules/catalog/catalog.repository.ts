import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function listCategories(db: Kysely<Database>) {
  return db
    .selectFrom('categories')
    .leftJoin('tests', 'tests.category_id', 'categories.id')
    .select((eb) => [
      'categories.id',
      'categories.name_ar',
      'categories.name_en',
      'categories.icon',
      'categories.color',
      eb.fn.count<string>('tests.id').as('test_count'),
    ])
    .groupBy('categories.id')
    .orderBy('categories.id')
    .execute();
}
