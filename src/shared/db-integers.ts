import { z } from 'zod';
import { validationMessages as m } from './validation-messages.ts';

// Integers as PostgreSQL holds them. A number past its column's type would reach the database and
// come back as a 500 ("out of range for type integer"); bounded here, it is a field error like any other.
// tests/unit/integer-bounds.test.ts fails on any integer in an input schema that is not bounded so.

/** A value for an `integer` column: −2,147,483,648 … 2,147,483,647. */
export const dbInt = () => z.int32({ error: m.invalid });

/** A row's id in an `integer` (serial) column: 1 … 2,147,483,647. */
export const rowId = dbInt().positive(m.invalid);

/**
 * A row's id in a `bigint` column (the audit log's): 1 … 2^53 − 1, the largest integer a JavaScript
 * number holds exactly, well below bigint's 2^63 − 1.
 */
export const bigintRowId = z.int({ error: m.invalid }).positive(m.invalid).max(Number.MAX_SAFE_INTEGER, m.invalid);
