// `npm run db:types`: writes src/server/db/database.gen.ts, the row types of the schema that migrations/ builds.
// The schema is introspected from a fresh in-memory PGlite, so no database server is needed.
// `npm run db:types:check` (--check) writes nothing and fails when the committed file is out of date.
//
// Beyond what kysely-codegen reads from the catalog, the types carry:
// - each single-column CHECK (column in ('a', 'b')) as a union named after the table's row and the column
//   (bookings.status -> BookingStatus);
// - columns nobody may write as GeneratedAlways: generated columns, identity columns generated always,
//   and the few READ_ONLY ones that only a trigger writes;
// - created_at as CreatedAt: set by its default, never updated;
// - the APP_TYPES narrowings: where a CHECK constraint covers the column, its values must equal the app type's;
// - jsonb written as a JSON string (ColumnType<JsonValue, string, string>), numeric read as a string,
//   bigint read as a number (PGlite) or a string (node-postgres).
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, sql } from 'kysely';
import {
  ColumnTypeNode,
  type DatabaseMetadata,
  IdentifierNode,
  type PostgresDB,
  PostgresDialect,
  serializeFromMetadata,
  UnionExpressionNode,
} from 'kysely-codegen';
import ts from 'typescript';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openPGliteInstance } from '../src/server/db/pglite.ts';
import { PGliteDialect } from '../src/server/db/pglite-dialect.ts';
import { seededDump } from './seeded-dump.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT_FILE = 'src/server/db/database.gen.ts';
const OUT_OF_DATE = `${OUT_FILE} is out of date with migrations/: run npm run db:types`;

/** App types that columns are narrowed to, with the module (relative to OUT_FILE) that exports them. */
const APP_TYPE_MODULES: Record<string, string> = {
  Locale: '../../shared/locale.ts',
  PlanId: '../../shared/plans.ts',
  TextChoice: '../../shared/text-choices.ts',
  UserType: '../../shared/locale.ts',
};
const APP_TYPES: Record<string, string> = {
  'user_profiles.user_type': 'UserType',
  'user_profiles.locale': 'Locale',
  'user_profiles.subscription_tier': 'PlanId',
  'user_profiles.booking_texts': 'TextChoice',
  'user_profiles.reminder_texts': 'TextChoice',
  'user_profiles.result_texts': 'TextChoice',
  'user_profiles.order_texts': 'TextChoice',
  // No CHECK here: only the app keeps the subscriber's locale to the product's languages.
  'newsletter_subscriptions.locale': 'Locale',
};
/** Columns the app never writes although the database would let it. */
const READ_ONLY = new Set([
  // Bumped only by the bump_catalog_version trigger (migrations/functions/catalog.sql).
  'catalog_version.version',
  // Numbered at commit by the invoices_numbered_at_commit trigger (migrations/functions/invoices.sql).
  'invoices.sequence',
  'invoices.number',
]);
/**
 * Read-only columns a deferred trigger fills as the row's transaction commits: null only inside that
 * transaction, which never reads them, so read as never null.
 */
const FILLED_AT_COMMIT = new Set(['invoices.sequence', 'invoices.number']);
/** What the drivers return for the data types of read-only columns (PGlite: bigint as number; node-postgres: as string). */
const READ_TYPES: Record<string, string> = {
  bool: 'boolean',
  cube: 'string',
  float4: 'number',
  float8: 'number',
  int2: 'number',
  int4: 'number',
  int8: 'number | string',
  numeric: 'string',
  text: 'string',
  timestamptz: 'Date',
  uuid: 'string',
};

const check = process.argv.includes('--check');
const started = performance.now();
const output = await generateTypes();
if (check) {
  const committed = await readFile(`${root}${OUT_FILE}`, 'utf8').catch(() => '');
  if (committed !== output) {
    console.error(OUT_OF_DATE);
    const line = firstDifferentLine(committed, output);
    console.error(`  first difference at line ${line.number}:\n  - ${line.committed}\n  + ${line.generated}`);
    process.exit(1);
  }
  console.log(`${OUT_FILE} is up to date (${seconds()}).`);
} else {
  await writeFile(`${root}${OUT_FILE}`, output);
  console.log(`Wrote ${OUT_FILE} (${seconds()}).`);
}

async function generateTypes(): Promise<string> {
  // The check reads the schema of the database `npm test` seeds once (scripts/seeded-dump.ts); writing
  // the types after a new migration needs only the migrations.
  const pglite = check
    ? await openPGliteInstance('memory://', { loadDataDir: new Blob([await readFile(await seededDump())]) })
    : await openPGliteInstance('memory://');
  const db = new Kysely<PostgresDB>({ dialect: new PGliteDialect(pglite) });
  try {
    if (!check) await migrateToLatest(db);
    const dialect = new PostgresDialect({ dateParser: 'timestamp', numericParser: 'string' });
    Object.assign(dialect.adapter.definitions, {
      CreatedAt: new ColumnTypeNode(
        new IdentifierNode('Date'),
        new UnionExpressionNode([new IdentifierNode('Date'), new IdentifierNode('string'), new IdentifierNode('undefined')]),
        new IdentifierNode('never'),
      ),
      Int8: new ColumnTypeNode(
        new UnionExpressionNode([new IdentifierNode('number'), new IdentifierNode('string')]),
        new UnionExpressionNode([new IdentifierNode('bigint'), new IdentifierNode('number'), new IdentifierNode('string')]),
        new UnionExpressionNode([new IdentifierNode('bigint'), new IdentifierNode('number'), new IdentifierNode('string')]),
      ),
      Json: new ColumnTypeNode(new IdentifierNode('JsonValue'), new IdentifierNode('string'), new IdentifierNode('string')),
    });
    const metadata = await dialect.introspector.introspect({ db });
    const overrides = await refine(db, metadata);
    const source = serializeFromMetadata({
      dialect,
      metadata,
      overrides: { columns: overrides },
      customImports: { ...APP_TYPE_MODULES, GeneratedAlways: 'kysely' },
      skipAutogeneratedFileComment: true,
    });
    const header = [
      '// Generated by scripts/db-types.ts from the schema that migrations/ builds: do not edit.',
      '// After adding a migration run `npm run db:types`; `npm run db:types:check` fails while this file is out of date.',
    ].join('\n');
    return formatWithBiome(`${header}\n\n${source}`);
  } finally {
    await db.destroy();
  }
}

/**
 * Adds what kysely-codegen does not read from the catalog (see the top of this file) to `metadata`,
 * and returns the column overrides.
 */
async function refine(db: Kysely<PostgresDB>, metadata: DatabaseMetadata): Promise<Record<string, string>> {
  const { rows: generated } = await sql<{ table: string; column: string; expression: string | null }>`
    select c.relname as "table", a.attname as "column",
           case when a.attgenerated = 's' then pg_get_expr(d.adbin, d.adrelid) end as "expression"
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and (a.attgenerated = 's' or a.attidentity = 'a')`.execute(db);
  const generatedAlways = new Map(generated.map((row) => [`${row.table}.${row.column}`, row.expression]));

  const { rows: checks } = await sql<{ table: string; column: string; definition: string }>`
    select c.relname as "table", a.attname as "column", pg_get_constraintdef(con.oid) as "definition"
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
     where n.nspname = 'public' and con.contype = 'c' and cardinality(con.conkey) = 1`.execute(db);
  const allowed = new Map<string, string[]>();
  for (const { table, column, definition } of checks) {
    const values = checkedValues(column, definition);
    if (!values) continue;
    const key = `${table}.${column}`;
    const before = allowed.get(key);
    allowed.set(key, before ? before.filter((value) => values.includes(value)) : values);
  }

  const appTypes = appTypeValues(new Set(Object.values(APP_TYPES)));
  const overrides: Record<string, string> = {};
  for (const table of metadata.tables) {
    for (const column of table.columns) {
      const key = `${table.name}.${column.name}`;
      const values = allowed.get(key);
      const appType = APP_TYPES[key];
      if (appType) {
        const expected = appTypes.get(appType)!;
        if (values && !sameSet(values, expected)) {
          throw new Error(
            `${key} allows ${quoted(values)} (CHECK) but ${appType} is ${quoted(expected)}: change the migration or the type`,
          );
        }
        overrides[key] = withNullAndDefault(appType, column);
      } else if (generatedAlways.has(key) || READ_ONLY.has(key)) {
        const readType = READ_TYPES[column.dataType];
        if (!readType) throw new Error(`${key}: add the TypeScript type of ${column.dataType} to READ_TYPES in scripts/db-types.ts`);
        const nullable = column.isNullable && !FILLED_AT_COMMIT.has(key);
        overrides[key] = `GeneratedAlways<${readType}${nullable ? ' | null' : ''}>`;
        const expression = generatedAlways.get(key);
        column.comment = expression ? `Generated always as ${expression}.` : (column.comment ?? null);
      } else if (column.name === 'created_at' && column.dataType === 'timestamptz' && !column.isNullable && column.hasDefaultValue) {
        overrides[key] = 'CreatedAt';
      } else if (values) {
        const name = `${table.name.replace(/s$/, '')}_${column.name}`;
        metadata.enums.set(`public.${name}`, values);
        column.dataType = name;
        column.dataTypeSchema = 'public';
      }
    }
  }
  for (const key of [...Object.keys(APP_TYPES), ...READ_ONLY, ...FILLED_AT_COMMIT]) {
    if (!metadata.tables.some((table) => table.columns.some((column) => `${table.name}.${column.name}` === key))) {
      throw new Error(`${key} (scripts/db-types.ts) is not a column of the migrated schema`);
    }
  }
  return overrides;
}

/** The values of `CHECK ((column = ANY (ARRAY['a'::text, ...])))`, PostgreSQL's form of `column in ('a', ...)`. */
function checkedValues(column: string, definition: string): string[] | undefined {
  const match = /^CHECK \(\("?([^"\s]+)"? = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
  if (!match || match[1] !== column) return undefined;
  const items = match[2]!.split(', ');
  const values = items.map((item) => /^'((?:[^']|'')*)'::text$/.exec(item)?.[1]?.replaceAll("''", "'"));
  return values.every((value) => value !== undefined) ? values : undefined;
}

/** The string literals making up each named type exported by the APP_TYPE_MODULES, read by the TypeScript checker. */
function appTypeValues(names: Set<string>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const files = [...new Set([...names].map((name) => resolve(root, dirname(OUT_FILE), APP_TYPE_MODULES[name]!)))];
  const program = ts.createProgram(files, { noEmit: true, strict: true, types: [], lib: ['lib.es2023.d.ts'], skipLibCheck: true });
  const checker = program.getTypeChecker();
  for (const file of files) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    for (const symbol of checker.getExportsOfModule(module)) {
      if (!names.has(symbol.name)) continue;
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      const literals = type.isUnion() ? type.types : [type];
      result.set(
        symbol.name,
        literals.map((literal) => {
          if (!literal.isStringLiteral()) throw new Error(`${symbol.name} is not a union of string literals`);
          return literal.value;
        }),
      );
    }
  }
  for (const name of names) if (!result.has(name)) throw new Error(`${name} is not exported by ${APP_TYPE_MODULES[name]}`);
  return result;
}

function withNullAndDefault(type: string, column: { isNullable: boolean; hasDefaultValue: boolean; isAutoIncrementing: boolean }) {
  const read = column.isNullable ? `${type} | null` : type;
  return column.hasDefaultValue || column.isAutoIncrementing ? `Generated<${read}>` : read;
}

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && a.every((value) => b.includes(value));
}

function quoted(values: string[]) {
  return [...values]
    .sort()
    .map((value) => `'${value}'`)
    .join(', ');
}

/** Formats and organizes imports exactly as `npx biome check --write` would. */
function formatWithBiome(source: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const result = spawnSync(process.execPath, [biome, 'check', '--write', `--stdin-file-path=${OUT_FILE}`], {
    cwd: root,
    input: source,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome check failed on the generated types:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

function firstDifferentLine(committed: string, generated: string) {
  const a = committed.split('\n');
  const b = generated.split('\n');
  let i = 0;
  while (i < Math.max(a.length, b.length) && a[i] === b[i]) i++;
  return { number: i + 1, committed: a[i] ?? '(end of file)', generated: b[i] ?? '(end of file)' };
}

function seconds() {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
