import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';

/** At most this many packages side by side (the API's `packages.list({ ids })` takes 2–4). */
export const COMPARE_MAX = 4;

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length <= COMPARE_MAX && value.every((id) => Number.isSafeInteger(id) && id > 0);

/** The packages a person has chosen to compare (issue #79 item 2), kept in the browser across pages and tabs. */
const compareStore = createLocalStore<number[]>('tahaleel.compare-packages', [], isIdList);

export function useComparedPackages(): number[] {
  return useLocalStore(compareStore);
}

/** Adds the package, or takes it off when it is there; a fifth is not added (false). */
export function toggleCompared(id: number): boolean {
  const current = compareStore.get();
  if (current.includes(id)) {
    compareStore.set(current.filter((other) => other !== id));
    return true;
  }
  if (current.length >= COMPARE_MAX) return false;
  compareStore.set([...current, id]);
  return true;
}
