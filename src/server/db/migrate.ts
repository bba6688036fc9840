import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * Reads `migrations/NNNN_name.ts`. The import happens here, in project code, so that whichever
 * loader runs the app (tsx, vitest) also loads the TypeScript migration files.
 */
class MigrationFolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsFolder)).filter((file) => /^\d{4}_[\w-]+\.ts$/.test(file)).sort();
    const entries = await Promise.all(
      files.map(async (file) => {
        const migration = (await import(pathToFileURL(join(migrationsFolder, file)).href)) as Migration;
        return [file.replace(/\.ts$/, ''), migration] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
}

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: new MigrationFolderProvider() });
}

/** Brings the schema to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const resultSet = await createMigrator(db).migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${String(resultSet.error)}`, { cause: resultSet.error });
  }
  return resultSet;
}
