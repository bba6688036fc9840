import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../src/server/app-router.ts';
import { latinDigits, typedNumber } from '../../src/shared/digits.ts';
import { secondFactorCode } from '../../src/shared/two-factor-schemas.ts';

// Digits as Arabic keyboards type them (issue #57): every numeric field accepts Arabic-Indic (٠١٢…)
// and Eastern Arabic-Indic (۰۱۲…) digits. The server's side is found by walking every procedure's
// input schema for strings checked against a pattern of digits; the browser's by walking every input
// that asks a phone for its number pad.

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: SchemaDef }).def;

/** A pattern of digits (and separators), not of letters too: what a person types on the number pad. */
const isNumeric = (pattern: RegExp) => /\\d|0-9/.test(pattern.source) && !/a-z|A-Z|\\w|\\p\{/.test(pattern.source);

/** The digit patterns a string schema (or a string inside a pipe) is checked against. */
function digitPatterns(schema: z.ZodType): RegExp[] {
  const def = defOf(schema);
  if (def.type === 'pipe') return [...digitPatterns(def.in!), ...digitPatterns(def.out!)];
  if (def.type !== 'string') return [];
  return (def.checks ?? [])
    .map((check) => check._zod.def)
    .filter((check) => check.format === 'regex' && check.pattern && isNumeric(check.pattern))
    .map((check) => check.pattern!);
}

/** Every string field (or pipe over one) of a schema that is checked against digits, with where it is. */
function digitFields(schema: z.ZodType, path: string, found: Map<string, { schema: z.ZodType; patterns: RegExp[] }>, depth = 0) {
  if (depth > 8) return;
  const def = defOf(schema);
  const patterns = digitPatterns(schema);
  if (patterns.length > 0) {
    found.set(path, { schema, patterns });
    return;
  }
  const inner = [def.innerType, def.element, def.left, def.right, def.in, def.out, ...(def.options ?? [])];
  for (const child of inner) if (child) digitFields(child, path, found, depth + 1);
  for (const [key, child] of Object.entries(def.shape ?? {})) digitFields(child, `${path}.${key}`, found, depth + 1);
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>);
const fields = new Map<string, { schema: z.ZodType; patterns: RegExp[] }>();
for (const [path, procedure] of procedures) {
  for (const input of procedure._def.inputs) digitFields(input, path, fields);
}

const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
const easternArabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));

/** Values a few fields take that their patterns alone seldom draw (a real day; a day still to come; a check digit). */
const knownExamples: Record<string, string[]> = {
  dateOfBirth: ['1961-03-14', '2019-11-30'],
  nationalId: ['1000000008', '2000000006'],
  // A policy's last day: not before today in the Kingdom.
  expiresOn: ['2031-01-15', '2099-12-31'],
};

/** Values the field takes as typed with Latin digits, drawn from its own patterns. */
function validExamples(path: string, field: { schema: z.ZodType; patterns: RegExp[] }): string[] {
  const examples = new Set<string>(knownExamples[path.split('.').at(-1)!] ?? []);
  for (const pattern of field.patterns) {
    for (const sample of fc.sample(fc.stringMatching(pattern), { numRuns: 300, seed: 57 })) {
      if (/\d/.test(sample) && field.schema.safeParse(sample).success) examples.add(sample);
      if (examples.size >= 5) return [...examples];
    }
  }
  return [...examples];
}

describe('numeric fields on the server take the digits Arabic keyboards type', () => {
  it('finds the fields checked against digits', () => {
    expect([...fields.keys()]).toEqual(
      expect.arrayContaining(['family.add.nationalId', 'family.add.dateOfBirth', 'lab.updateProfile.phone']),
    );
  });

  it('reads a second factor typed in Arabic digits (an authenticator code; recovery codes are letters and digits)', () => {
    expect(secondFactorCode.parse('١٢٣ ٤٥٦')).toBe('123 456');
    expect(secondFactorCode.parse('۱۲۳۴۵۶')).toBe('123456');
  });

  it.each([...fields.keys()])('%s', (path) => {
    const field = fields.get(path)!;
    const examples = validExamples(path, field);
    expect(examples.length, `no valid example with a digit drawn for ${path}`).toBeGreaterThan(0);
    for (const latin of examples) {
      const expected = field.schema.parse(latin);
      expect(field.schema.safeParse(arabicIndic(latin)).data, `${path}: ${arabicIndic(latin)}`).toEqual(expected);
      expect(field.schema.safeParse(easternArabicIndic(latin)).data, `${path}: ${easternArabicIndic(latin)}`).toEqual(expected);
    }
  });
});

describe('typed numbers', () => {
  it('reads Latin, Arabic-Indic and Eastern Arabic-Indic digits with either decimal separator', () => {
    for (const typed of ['12.5', '١٢٫٥', '۱۲٫۵', '12,5', '١٢,٥', ' 12.50 ']) expect(typedNumber(typed), typed).toBe(12.5);
    expect(typedNumber('١٬٢٣٤')).toBe(1234);
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });

  it('is nothing for text that is not a number', () => {
    for (const typed of ['', ' ', 'abc', '1.2.3', '12a']) expect(typedNumber(typed), typed).toBeNull();
  });
});

const clientDir = join(import.meta.dirname, '../../src/client');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [join(dir, entry.name)] : [],
  );
}

describe('numeric fields in the browser take the digits Arabic keyboards type', () => {
  it('draws every field that asks for the number pad as a NumericInput, which turns them into Latin digits as they are typed', () => {
    const plain: string[] = [];
    for (const file of sourceFiles(clientDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/inputMode="(?:numeric|decimal)"/g)) {
        // The element the attribute is on: the last tag opened before it.
        const tag = [...text.slice(0, match.index).matchAll(/<([A-Z][\w.]*)/g)].at(-1)?.[1];
        if (tag !== 'NumericInput') plain.push(`${relative(clientDir, file)}: <${tag}>`);
      }
    }
    expect(plain).toEqual([]);
  });
});
