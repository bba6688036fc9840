import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Inputs drawn from a procedure's own zod schema (zod 4's public `def`), so a fuzz test reaches past
 * the first check: objects get their own keys, enums their own values, patterned strings strings that
 * match (fast-check's stringMatching), and every leaf also gets the edges that break databases: NUL
 * bytes, ids past a 32-bit integer, the last day of year 9999, huge and fractional numbers. (zod-fast-check
 * only understands zod 3.)
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { def: SchemaDef }).def;
  if (depth > 6) return fc.constant(undefined);
  switch (def.type) {
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, value]) => [key, arbitraryFor(value, depth + 1)])), {
        requiredKeys: [],
      });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof(arbitraryFor(def.innerType as z.ZodType, depth + 1), fc.constantFrom(undefined, null));
    case 'pipe':
      return fc.oneof(arbitraryFor(def.in as z.ZodType, depth + 1), arbitraryFor(def.out as z.ZodType, depth + 1));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, depth + 1)));
    case 'array':
      return fc.array(arbitraryFor(def.element as z.ZodType, depth + 1), { maxLength: 12 });
    case 'record':
      return fc.dictionary(edgeString, arbitraryFor(def.valueType as z.ZodType, depth + 1), { maxKeys: 4 });
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def.entries ?? {})), edgeString);
    case 'literal':
      return fc.oneof(fc.constantFrom(...(def.values ?? [])), edgeString);
    case 'string':
      return stringFor(def);
    case 'number':
    case 'int':
      return edgeNumber;
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, null));
    case 'date':
      return fc.constantFrom('9999-12-31', '0000-01-01', 'not a date');
    default:
      return anything;
  }
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: z.ZodType[];
  element?: unknown;
  valueType?: unknown;
  entries?: Record<string, string | number>;
  values?: unknown[];
  pattern?: RegExp;
  checks?: { _zod: { def: { pattern?: RegExp } } }[];
}

const edgeString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '9999-12-31',
    '9999-12-31T23:59:59.999Z',
    '+275760-09-13T00:00:00.000Z',
    '0000-00-00',
    '2026-02-30',
    '2147483648',
    '\u202Egnp.exe',
    "' OR 1=1 --",
    'x'.repeat(5_000),
  ),
);

function stringFor(def: SchemaDef): fc.Arbitrary<unknown> {
  const patterns = [def.pattern, ...(def.checks ?? []).map((check) => check._zod.def.pattern)].filter(
    (pattern): pattern is RegExp => pattern instanceof RegExp,
  );
  const matching = patterns.map((pattern) => fc.stringMatching(pattern, { size: 'small' }));
  // A string that passes the pattern but carries a NUL byte where the pattern allows any character.
  const withNul = matching.map((arbitrary) => arbitrary.map((text) => `${text}\u0000`));
  return fc.oneof(edgeString, ...matching, ...withNul);
}

const edgeNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, 1, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, -(2 ** 31) - 1, 0.5, 1e308, -1e308),
  fc.double({ noNaN: true }),
);

const anything: fc.Arbitrary<unknown> = fc.oneof(edgeString, edgeNumber, fc.constant(null), fc.boolean());
