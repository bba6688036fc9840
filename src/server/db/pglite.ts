import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const extensions = { pg_trgm, cube, earthdistance };

export function openPGliteInstance(dataDir: string, options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions });
}
