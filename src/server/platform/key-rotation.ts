import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SealBrokenError } from './result-sealing.ts';

/**
 * A table whose rows are sealed under a master key (result files, report versions) or a key derived
 * from one (two-factor secrets), as `npm run keys:rotate` walks it (ADR 0021, 0023). Each names its
 * table, the column it is paged by, the sealed columns its `reseal` reads, and how one row is sealed
 * again under the current key; the walk is this file's, once for all of them.
 */
export interface SealedTable<Row> {
  table: keyof Database & string;
  /** The column the walk pages by, in order, and names a damaged row by. */
  id: keyof Row & string;
  /** The columns `reseal` reads beside the id and `key_id`. */
  sealed: readonly (keyof Row & string)[];
  /** Rows without a key (kept in the clear, from before sealing): `seal` them now, or `leave` them as they are. */
  clear: 'seal' | 'leave';
  /** Rows a page: a walk reads no more at once. */
  batch: number;
  /**
   * Seals one row again under the current key, guarded by the key it read: false where the row changed
   * meanwhile (a running server sealed it anew), which is then left alone.
   */
  reseal(row: Row): Promise<boolean>;
}

export interface Resealed {
  /** Rows sealed again under the current key. */
  resealed: number;
  /** Rows whose seal fails its integrity check (`SealBrokenError`): no key opens them; the walk goes on. */
  damaged: string[];
}

/**
 * Seals again every row of `table` that another key than `currentKeyId` seals, a page at a time in id
 * order; running it again changes nothing. The caller checks first that every key in use is known.
 */
export async function resealTable<Row extends { key_id: string | null }>(
  db: Kysely<Database>,
  table: SealedTable<Row>,
  currentKeyId: string,
): Promise<Resealed> {
  const report: Resealed = { resealed: 0, damaged: [] };
  const columns = sql.join([table.id, 'key_id', ...table.sealed].map((column) => sql.ref(column)));
  const underOtherKeys = table.clear === 'seal' ? sql`(key_id is null or key_id <> ${currentKeyId})` : sql`key_id <> ${currentKeyId}`;
  let after: unknown = null;
  for (;;) {
    const afterLast = after === null ? sql`` : sql`and ${sql.ref(table.id)} > ${after}`;
    const { rows } = await sql<Row>`select ${columns} from ${sql.table(table.table)}
      where ${underOtherKeys} ${afterLast} order by ${sql.ref(table.id)} limit ${table.batch}`.execute(db);
    for (const row of rows) {
      try {
        if (await table.reseal(row)) report.resealed++;
      } catch (error) {
        if (!(error instanceof SealBrokenError)) throw error;
        report.damaged.push(String(row[table.id]));
      }
    }
    if (rows.length < table.batch) return report;
    after = rows[rows.length - 1]![table.id];
  }
}
