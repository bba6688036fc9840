import { isCritical, type ResultFlag } from './result-values.ts';

/**
 * A report's values with those past a critical limit first, the rest in the lab's order (issue #76:
 * a critical value is the first thing the patient and the doctor read).
 */
export function criticalFirst<T extends { flag: ResultFlag | null }>(observations: readonly T[]): T[] {
  return [...observations.filter((o) => isCritical(o.flag)), ...observations.filter((o) => !isCritical(o.flag))];
}
