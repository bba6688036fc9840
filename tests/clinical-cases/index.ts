import { anaemiaCases } from './anaemia-iron.ts';
import { criticalCases } from './critical.ts';
import { diabetesCases } from './diabetes.ts';
import { kidneyCases } from './kidney.ts';
import { lipidCases } from './lipids.ts';
import { liverCases } from './liver.ts';
import { thyroidCases } from './thyroid.ts';
import type { ClinicalCase } from './types.ts';
import { unitCases } from './units.ts';
import { vitaminCases } from './vitamins.ts';

/** The corpus by topic, in the order the test runs it. */
export const corpus: Record<string, ClinicalCase[]> = {
  kidney: kidneyCases,
  diabetes: diabetesCases,
  lipids: lipidCases,
  'anaemia and iron': anaemiaCases,
  thyroid: thyroidCases,
  vitamins: vitaminCases,
  'electrolytes and critical values': criticalCases,
  liver: liverCases,
  'units and spellings': unitCases,
};
