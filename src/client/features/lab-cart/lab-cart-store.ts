import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';
import { arrayOf, isInteger, isNumber, isString, orMissing, shape } from '../../lib/plain-checks.ts';

/** The one lab-test cart item shape, written and read the same way everywhere. */
export interface LabCartItem {
  labTestId: number;
  testNameAr: string;
  testNameEn: string;
  labNameAr: string;
  labNameEn: string;
  price: number;
  bookingTime: string;
  /** The patient when not the account holder: one of their family members (family.list), and their name. */
  familyMemberId?: string;
  patientName?: string;
}

const isLabCartItems = arrayOf(
  shape<LabCartItem>({
    labTestId: isInteger,
    testNameAr: isString,
    testNameEn: isString,
    labNameAr: isString,
    labNameEn: isString,
    price: (value): value is number => isNumber(value) && value >= 0,
    bookingTime: isString,
    familyMemberId: orMissing(isString),
    patientName: orMissing(isString),
  }),
);

export const labCartStore = createLocalStore<LabCartItem[]>('tahaleel.labCart', [], isLabCartItems);

export function useLabCartItems(): LabCartItem[] {
  return useLocalStore(labCartStore);
}
