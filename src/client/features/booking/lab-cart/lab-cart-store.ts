import { createLocalStore, useLocalStore, useLocalStoreOnceRead } from '../../../lib/local-store.ts';
import { arrayOf, isInteger, isNumber, isString, orMissing, shape } from '../../../lib/plain-checks.ts';

/** Where a home collection takes place, the lab that comes, and its fee for the visit (SAR). */
export interface LabCartHome {
  address: string;
  latitude: number;
  longitude: number;
  labId: string;
  fee: number;
  /** When the window ends (its start is the item's bookingTime). */
  endsAt: string;
}

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
  /** A home collection in one of the lab's windows, rather than a visit to the lab. */
  home?: LabCartHome;
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
    home: orMissing(
      shape<LabCartHome>({
        address: isString,
        latitude: isNumber,
        longitude: isNumber,
        labId: isString,
        fee: (value): value is number => isNumber(value) && value >= 0,
        endsAt: isString,
      }),
    ),
  }),
);

export const labCartStore = createLocalStore<LabCartItem[]>('tahaleel.labCart', [], isLabCartItems);

export function useLabCartItems(): LabCartItem[] {
  return useLocalStore(labCartStore);
}

/** The cart's items; undefined on the server and while the page the server drew is taken over (the cart is the browser's). */
export function useLabCartItemsOnceRead(): LabCartItem[] | undefined {
  return useLocalStoreOnceRead(labCartStore);
}
