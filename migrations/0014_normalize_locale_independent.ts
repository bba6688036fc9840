import { type Kysely, sql } from 'kysely';

// tahaleel_normalize (migration 0001) without the database locale: 0001 ended in lower(), whose
// result depends on the locale (C: ASCII only; C.UTF-8 or en_US.UTF-8: most of Unicode, each in its
// own way), so PGlite, a PostgreSQL server and the TypeScript copy could each normalize differently,
// and an "immutable" function could change its answers with the operating system's locale data.
//
// The rule from here on, identical on every database:
//   1. remove harakat (U+064B–U+065F), superscript alef (U+0670) and tatweel (U+0640);
//   2. أ إ آ ٱ → ا, ة → ه, ى → ي, and A–Z → a–z (ASCII only: no other letter changes case);
//   3. every run of whitespace becomes one space: U+0009–U+000D, U+0020, U+00A0, U+1680,
//      U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF (JavaScript's \s, listed
//      explicitly because PostgreSQL's \s depends on the locale too);
//   4. a leading or trailing space is removed.
// normalizeSearchText in src/shared/cities.ts is the TypeScript copy; tests/integration/normalization.test.ts
// checks they agree.
//
// tests.search_ar and tests.search_en (migration 0004) store the function's results, so they are dropped
// (taking their trigram indexes with them) and added again, which computes every row under the new rule,
// and their indexes are created again exactly as 0004 made them. Frozen once landed.

const normalizeNow = sql`
  create or replace function tahaleel_normalize(input text) returns text
  language sql immutable parallel safe returns null on null input
  as $$
    select btrim(
      regexp_replace(
        translate(
          regexp_replace(input, U&'[\\064B-\\065F\\0670\\0640]', '', 'g'),
          U&'\\0623\\0625\\0622\\0671\\0629\\0649ABCDEFGHIJKLMNOPQRSTUVWXYZ',
          U&'\\0627\\0627\\0627\\0627\\0647\\064Aabcdefghijklmnopqrstuvwxyz'
        ),
        U&'[\\0009-\\000D\\0020\\00A0\\1680\\2000-\\200A\\2028\\2029\\202F\\205F\\3000\\FEFF]+', ' ', 'g'
      ),
      ' '
    )
  $$`;

/** The definition migration 0001 created, for `down`. */
const normalizeBefore = sql`
  create or replace function tahaleel_normalize(input text) returns text
  language sql immutable parallel safe returns null on null input
  as $$
    select lower(
      translate(
        regexp_replace(input, U&'[\\064B-\\065F\\0670\\0640]', '', 'g'),
        U&'\\0623\\0625\\0622\\0671\\0629\\0649',
        U&'\\0627\\0627\\0627\\0627\\0647\\064A'
      )
    )
  $$`;

async function redefine(db: Kysely<any>, definition: typeof normalizeNow): Promise<void> {
  // Dropping the generated columns drops tests_search_ar_trgm_idx and tests_search_en_trgm_idx with them.
  await sql`alter table tests drop column search_ar, drop column search_en`.execute(db);
  await definition.execute(db);
  await sql`alter table tests
    add column search_ar text generated always as (tahaleel_normalize(name_ar)) stored,
    add column search_en text generated always as (tahaleel_normalize(name_en)) stored`.execute(db);
  await sql`create index tests_search_ar_trgm_idx on tests using gin (search_ar gin_trgm_ops)`.execute(db);
  await sql`create index tests_search_en_trgm_idx on tests using gin (search_en gin_trgm_ops)`.execute(db);
  // What a search matches has changed: a new catalog version, announced as the triggers announce theirs
  // (0004, 0008), retires every cached search on every server.
  await sql`with bumped as (update catalog_version set version = version + 1 where id = 1 returning version)
    select pg_notify('catalog_changed', version::text) from bumped`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await redefine(db, normalizeNow);
}

export async function down(db: Kysely<any>): Promise<void> {
  await redefine(db, normalizeBefore);
}
