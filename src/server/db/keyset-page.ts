import { type Expression, type SqlBool, sql } from 'kysely';
import { latinDigits } from '../../shared/digits.ts';
import { AppError } from '../../shared/errors.ts';

/**
 * Keyset paging for the admin's and labs' lists (ADR 0035). A page is ordered by (sort key, id) and
 * the next one starts strictly after the last row's pair, so rows written between pages neither repeat
 * nor push older rows out, and a page costs an index range, not an OFFSET. The cursor the client holds
 * is opaque: base64url of the sort's name, the last row's key and its id, checked on the way back.
 */

export interface KeysetKey {
  /** The sort key of the page's last row: an instant to the microsecond, or a text. */
  key: string;
  id: string;
}

interface CursorBody extends KeysetKey {
  sort: string;
}

/** What a row's id is: a UUID, or a serial number (test requests). */
export type IdType = 'uuid' | 'integer';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An id PostgreSQL's `integer` takes (a serial starts at 1). */
const isSerial = (id: string) => /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2_147_483_647;
const isIdOf: Record<IdType, (id: string) => boolean> = { uuid: (id) => UUID.test(id), integer: isSerial };

export function encodeCursor(sort: string, last: KeysetKey): string {
  const body: CursorBody = { sort, key: last.key, id: last.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** The key a cursor carries, refused unless it was made for this same sort and its id is of the list's kind. */
export function decodeCursor(cursor: string | undefined, sort: string, idType: IdType = 'uuid'): KeysetKey | null {
  if (!cursor) return null;
  let body: Partial<CursorBody> | null = null;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    body = null;
  }
  if (
    !body ||
    typeof body !== 'object' ||
    body.sort !== sort ||
    typeof body.key !== 'string' ||
    typeof body.id !== 'string' ||
    !isIdOf[idType](body.id)
  ) {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  }
  return { key: body.key, id: body.id };
}

export type Direction = 'asc' | 'desc';

/**
 * The rows after `last` in (key, id) order, both in the same direction: `(key, id) < (last)` newest
 * first, `>` oldest first. `keyType` and `idType` cast the cursor's text back to the columns' types.
 */
export function keysetAfter(
  key: Expression<unknown>,
  id: Expression<unknown>,
  direction: Direction,
  last: KeysetKey,
  keyType: 'timestamptz' | 'text',
  idType: IdType = 'uuid',
) {
  const cast = sql.raw(keyType);
  const idCast = sql.raw(idType);
  return direction === 'desc'
    ? sql<SqlBool>`(${key}, ${id}) < (${last.key}::${cast}, ${last.id}::${idCast})`
    : sql<SqlBool>`(${key}, ${id}) > (${last.key}::${cast}, ${last.id}::${idCast})`;
}

/** An instant as the cursor keeps it: UTC to the microsecond, which a JS Date would round away. */
export const instantKey = (column: Expression<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page from `limit + 1` rows read after the cursor: the first `limit`, and the cursor of the next
 * page when the extra row shows there is one.
 */
export function pageOf<Row>(rows: Row[], limit: number, sort: string, keyOf: (row: Row) => KeysetKey) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(sort, keyOf(last)) : null };
}

/** `%text%` for ILIKE, with the caller's own wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The hex digits of a reference someone typed (a booking's id, TH-1A2B3C4D as mailed before migration
 * 0055, ST-1A2B3C4D), to match an id's start; null for anything else. Only text that is a reference
 * counts: a name's hex letters are not one ("Fahad" is not the id prefix faad).
 */
export function idPrefix(text: string): string | null {
  const hex = latinDigits(text.trim())
    .replace(/^(?:#|TH-|ST-)/i, '')
    .replace(/[\s-]/g, '')
    .toLowerCase();
  return /^[0-9a-f]{4,32}$/.test(hex) ? hex : null;
}
