import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

const extensions = { pg_trgm, cube, earthdistance };

export function openPGliteInstance(dataDir: string, options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions });
}

export async function openPGlite(dataDir: string): Promise<Kysely<Database>> {
  return new Kysely<Database>({ dialect: new PGliteDialect(await openPGliteInstance(dataDir)) });
}
