import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../src/server/app-router.ts';
import { bigintRowId } from '../../src/shared/db-integers.ts';

const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

/** The paths of the integers under `schema` that a PostgreSQL integer column could not hold. */
function unboundedIntegers(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema) || schema === (bigintRowId as z.ZodType)) return [];
  seen.add(schema);
  const def = (schema as unknown as { def: Def }).def;
  const walk = (child: z.ZodType | null | undefined, step: string) => (child ? unboundedIntegers(child, `${path}${step}`, seen) : []);
  switch (def.type) {
    case 'number': {
      const number = schema as unknown as { isInt: boolean; minValue: number | null; maxValue: number | null };
      const bounded = (number.minValue ?? -Infinity) >= INTEGER_MIN && (number.maxValue ?? Infinity) <= INTEGER_MAX;
      return number.isInt && !bounded ? [`${path} (${number.minValue} … ${number.maxValue})`] : [];
    }
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => walk(value, `.${key}`));
    case 'pipe':
      return [...walk(def.in, ''), ...walk(def.out, '')];
    case 'intersection':
      return [...walk(def.left, ''), ...walk(def.right, '')];
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option, ''));
    case 'array':
      return walk(def.element, '[]');
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, index) => walk(item, `[${index}]`)), ...walk(def.rest, '[]')];
    case 'record':
      return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '{}')];
    case 'lazy':
      return walk(def.getter?.(), '');
    default:
      return walk(def.innerType, '');
  }
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value && 'def' in (value as object);

const sharedModules = import.meta.glob<Record<string, unknown>>('../../src/shared/*.ts', { eager: true });
const sharedSchemas = Object.entries(sharedModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => isSchema(entry[1]))
    .map(([name, schema]) => ({ where: `${file.replace('../../src/shared/', '')} ${name}`, schema })),
);
const procedureInputs = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>).flatMap(
  ([path, procedure]) => procedure._def.inputs.map((schema) => ({ where: `procedure ${path}`, schema })),
);

describe('integers in input schemas', () => {
  it('finds the schemas it checks', () => {
    expect(sharedSchemas.length).toBeGreaterThan(40);
    expect(procedureInputs.length).toBeGreaterThan(60);
  });

  it('bounds every integer to what a PostgreSQL integer holds (bigintRowId where the column is bigint)', () => {
    const unbounded = [...sharedSchemas, ...procedureInputs].flatMap(({ where, schema }) => unboundedIntegers(schema, where));
    expect(unbounded).toEqual([]);
  });
});
