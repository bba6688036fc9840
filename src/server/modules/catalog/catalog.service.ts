import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listCategories } from './catalog.repository.ts';

export async function getCategories(db: Kysely<Database>) {
  const rows = await listCategories(db);
  return rows.map((row) => ({ ...row, test_count: Number(row.test_count) }));
}
