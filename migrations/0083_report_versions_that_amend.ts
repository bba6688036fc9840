import { type Kysely, sql } from 'kysely';

// Results per member test of a package (issue #79 item 1, ADR 0091 amended): a package visit's report
// grows a test at a time, and a version that adds a test's values to it does not amend what was
// released. Each version now says whether it changes or drops a released value (`amends`), decided
// when it is written; before this every later version was an amendment, and those keep the word.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table result_report_versions add column amends boolean not null default false`.execute(db);
  await sql`update result_report_versions set amends = true where version > 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table result_report_versions drop column amends`.execute(db);
}
