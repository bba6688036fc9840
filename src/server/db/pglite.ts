import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export const pgliteExtensions = { pg_trgm, cube, earthdistance };

export async function openPGlite(dataDir: string): Promise<Kysely<Database>> {
  const pglite = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
