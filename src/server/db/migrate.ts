import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));
/** The current definition of every database function, one file per area (ADR 0015). */
export const functionsFolder = join(migrationsFolder, 'functions');

/** `NNNN_name.ts`, or `.js` as compiled beside the compiled server (dist/node); the name without it. */
const MIGRATION_FILE = /^(\d{4}_[\w-]+)\.[jt]s$/;

/**
 * Reads the migration files. The import happens here, in project code, so that whichever loader runs
 * the app (tsx, vitest, or Node on the compiled files) also loads the migrations.
 */
class MigrationFolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsFolder)).filter((file) => MIGRATION_FILE.test(file)).sort();
    const entries = await Promise.all(
      files.map(async (file) => {
        const migration = (await import(pathToFileURL(join(migrationsFolder, file)).href)) as Migration;
        return [file.replace(MIGRATION_FILE, '$1'), migration] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
}

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: new MigrationFolderProvider() });
}

/**
 * Brings the schema to the newest migration, then applies the function files over it; throws with
 * the failing migration's or file's name.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const resultSet = await createMigrator(db).migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${String(resultSet.error)}`, { cause: resultSet.error });
  }
  await applyFunctionFiles(db);
  return resultSet;
}

export interface FunctionFile {
  name: string;
  statements: string[];
}

/**
 * `migrations/functions/*.sql` in file name order, each split into its statements. No file needs
 * another's functions to exist first: PL/pgSQL bodies find the functions they call when they run.
 */
export async function readFunctionFiles(): Promise<FunctionFile[]> {
  const names = (await readdir(functionsFolder)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({ name, statements: splitSqlStatements(await readFile(join(functionsFolder, name), 'utf8')) })),
  );
}

/**
 * Runs every function file (`create or replace function …`), on every migration, after the numbered
 * migrations: all of them or none, in one transaction. Running them again changes nothing. The
 * advisory lock keeps two servers starting at once from replacing the same function together
 * (PostgreSQL would fail one with "tuple concurrently updated").
 */
async function applyFunctionFiles(db: Kysely<any>): Promise<void> {
  const files = await readFunctionFiles();
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('migrations/functions'))`.execute(tx);
    for (const file of files) {
      for (const statement of file.statements) {
        try {
          await sql.raw(statement).execute(tx);
        } catch (error) {
          throw new Error(`Function file failed (migrations/functions/${file.name}): ${String(error)}`, { cause: error });
        }
      }
    }
  });
}

/** A comment, a quoted string or name, a dollar-quoted body, a `;`, or a run of anything else. */
const SQL_TOKEN = /--[^\n]*|\/\*[\s\S]*?\*\/|'[^']*'|"[^"]*"|(\$\w*\$)[\s\S]*?\1|;|[^-/'"$;]+|[\s\S]/g;

/**
 * A SQL file's statements, split at each `;` outside comments, quotes and dollar quotes (PGlite runs
 * one statement per query). A statement keeps the comments before it; a piece of comments alone is
 * dropped. Not understood, and not used in the function files: nested block comments and E'…' strings.
 */
export function splitSqlStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let hasCode = false;
  for (const [token] of text.matchAll(SQL_TOKEN)) {
    if (token === ';') {
      if (hasCode) statements.push(current.trim());
      current = '';
      hasCode = false;
      continue;
    }
    current += token;
    if (!token.startsWith('--') && !token.startsWith('/*') && token.trim() !== '') hasCode = true;
  }
  if (hasCode) statements.push(current.trim());
  return statements;
}
