import { z } from 'zod';
import { coordinate } from './coordinates.ts';
import { rowId } from './db-integers.ts';
import { oneLine } from './plain-text.ts';
import { labTestPriceSchema } from './schemas.ts';
import { validationMessages as m } from './validation-messages.ts';

// A lab's packages (issue #79 item 1, ADR 0091): what the lab's dashboard sends to save one, and what
// the admin sends to review one. The server's alone: the client reads only the types.

/** A package holds at least two catalogue tests (one is a test) and at most thirty. */
export const PACKAGE_MEMBERS_MIN = 2;
export const PACKAGE_MEMBERS_MAX = 30;

const name = z.string({ error: m.required }).overwrite(oneLine).trim().min(2, m.tooShort).max(150, m.tooLong);
const text = (max: number) => z.string().trim().max(max, m.tooLong);
const age = z.number({ error: m.invalid }).int(m.invalid).min(0, m.invalid).max(120, m.invalid);

export const savePackageInput = z
  .object({
    /** The package to change; none for a new one. */
    id: rowId.optional(),
    nameAr: name,
    nameEn: name,
    descriptionAr: text(2000),
    descriptionEn: text(2000),
    /** The lab's own words; empty: the strictest of its tests' preparation. */
    preparationAr: text(1000),
    preparationEn: text(1000),
    categoryId: rowId,
    testIds: z
      .array(rowId)
      .min(PACKAGE_MEMBERS_MIN, m.tooShort)
      .max(PACKAGE_MEMBERS_MAX, m.tooLong)
      .refine((ids) => new Set(ids).size === ids.length, m.invalid),
    price: labTestPriceSchema,
    suitsSex: z.enum(['female', 'male']).nullable(),
    minAge: age.nullable(),
    maxAge: age.nullable(),
  })
  .refine((input) => input.minAge === null || input.maxAge === null || input.minAge <= input.maxAge, {
    path: ['maxAge'],
    message: m.ageOrder,
  });
export type SavePackageInput = z.infer<typeof savePackageInput>;

/** On sale or off sale: an approved package only (a pending one waits for the admin). */
export const packageOnSaleInput = z.object({ id: rowId, onSale: z.boolean() });

export const reviewPackageInput = z
  .object({
    id: rowId,
    decision: z.enum(['approve', 'reject']),
    /** Why it was turned down, shown to the lab; required to reject. */
    note: z.string().overwrite(oneLine).trim().max(500, m.tooLong),
  })
  .refine((input) => input.decision === 'approve' || input.note.length >= 5, { path: ['note'], message: m.tooShort });

/** Search's and the lab page's packages: name words, a lab, and the filters people use. */
export const listPackagesInput = z.object({
  labId: z.uuid().optional(),
  /** Packages 2–4 to put side by side. */
  ids: z.array(rowId).max(4).optional(),
});

/** Markers to pick by name or LOINC code for "build your own": a few words. */
export const markersNamedInput = z.object({ q: z.string().overwrite(oneLine).trim().min(1, m.required).max(100, m.tooLong) });

/** "Build your own" (issue #79 item 3): the markers a person wants, at most this many in one visit. */
export const WANTED_MARKERS_MAX = 20;

/** The markers (analyte ids) a person wants, and where they are (the nearest labs are priced). */
export const buildYourOwnInput = z
  .object({
    analyteIds: z
      .array(rowId)
      .min(1, m.required)
      .max(WANTED_MARKERS_MAX, m.tooLong)
      .refine((ids) => new Set(ids).size === ids.length, m.invalid),
    lat: coordinate(90).optional(),
    lon: coordinate(180).optional(),
  })
  .refine((input) => (input.lat === undefined) === (input.lon === undefined), { path: ['lon'], message: m.invalid });
export type BuildYourOwnInput = z.infer<typeof buildYourOwnInput>;
