export type CityKey = 'riyadh' | 'jeddah' | 'dammam' | 'makkah' | 'madinah';
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6; // 0 = Sunday ... 6 = Saturday (JS getDay())
export interface SeedCategory {
  id: number;
  nameAr: string;
  nameEn: string;
  icon: string;
  color: string;
}
export interface SeedTest {
  nameEn: string; // unique, used in URLs: /test/{nameEn}; no slashes or '?' or '#'
  nameAr: string;
  categoryId: number; // 1..11
  descriptionEn: string; // 2-3 sentences: what it measures and why a doctor orders it
  descriptionAr: string;
  preparationEn: string; // e.g. "Fast for 8–12 hours; water is allowed." or "No preparation needed."
  preparationAr: string;
  fastingHours: number | null;
  sampleType: 'blood' | 'urine' | 'stool' | 'swab' | 'saliva';
  turnaroundHours: number; // typical: 6, 24, 48, 72...
  basePriceSar: number; // realistic Saudi private-lab price in SAR (integer)
  popular: boolean; // exactly 3 tests true, with basePriceSar 150, 250 and 300 respectively
}
export interface SeedLab {
  key: string; // slug, unique, e.g. 'riyadh-alborg-olaya'
  nameAr: string;
  nameEn: string;
  city: CityKey;
  addressAr: string;
  addressEn: string; // street + district + city
  latitude: number;
  longitude: number; // real-looking coordinates inside that city's district (5 decimals)
  phone: string; // Saudi format '+9661XXXXXXXX' (landline with city code) or '+9665XXXXXXXX'
  licenseNumber: string; // e.g. 'MOH-LAB-10234' style, unique
  rating: number; // 3.6 .. 4.9, one decimal: the mean its seeded reviews are given (seeds/reviews.ts)
  hours: Partial<Record<Weekday, [string, string]>>; // 'HH:MM' 24h local time; omitted weekday = closed.
  priceFactor: number; // 0.8 .. 1.3, multiplies test base prices
  testShare: number; // 0.5 .. 1.0, the share of the test catalogue this lab offers
  homeCollection?: { feeSar: number; radiusKm: number }; // collects samples at home (default windows 07:00–13:00, 2 h, 2 a window)
  prayerPauseMinutes?: number; // pauses its appointments from each prayer's time for this long
  ramadanHours?: { opensAt: string; closesAt: string }; // its hours in Ramadan, on the days it opens
  noShowPrepay?: boolean; // every visit of a series paid now by a customer with two no-shows there in 90 days (ADR 0077)
}
export interface SeedStoreOption {
  titleEn: string;
  titleAr: string;
  values: { en: string; ar: string }[];
}
export interface SeedStoreVariant {
  sku: string; // unique across all products
  titleEn: string;
  titleAr: string; // e.g. 'Medium / Navy' or 'Single kit'
  optionValues: string[]; // English values, one per option of the product, in option order
  priceHalalas: number; // SAR minor units (100 = 1 SAR)
  salePriceHalalas: number | null;
  manageInventory: boolean;
  inventoryQuantity: number; // include a few 0 and a few low (1-3) quantities across the catalogue
  image: string | null; // file name under public/store/ or null
  weightGrams: number;
}
export interface SeedStoreProduct {
  slug: string; // unique
  type: 'kit' | 'merch';
  collection: 'home-kits' | 'apparel' | 'accessories';
  titleEn: string;
  titleAr: string;
  subtitleEn: string | null;
  subtitleAr: string | null;
  ribbonEn: string | null;
  ribbonAr: string | null; // e.g. 'New' / 'جديد', 'Sale' / 'تخفيض'
  descriptionEn: string; // simple safe HTML: <p>, <ul><li>, <strong> only
  descriptionAr: string;
  purchasable: boolean; // one product false
  siteProductSelection: 'lowest_price_first' | null | 'first';
  images: string[]; // file names under public/store/, first is the thumbnail; some products 1, some 3
  options: SeedStoreOption[]; // [] for single-variant products
  variants: SeedStoreVariant[];
  additionalInfo: { titleEn: string; titleAr: string; descriptionEn: string; descriptionAr: string }[]; // HTML like description
}
/** A UCUM code for an age unit: days, weeks, months, years (a = annum). */
export type AgeUnit = 'd' | 'wk' | 'mo' | 'a';
/** Who a range is for and its bounds (inclusive; one may be absent for "< 200" or ">= 40"). */
export interface SeedRange {
  sex?: 'male' | 'female'; // absent: any sex
  age?: [low: number, high: number | null, unit: AgeUnit]; // low <= age < high, in completed units
  condition?: { en: string; ar: string }; // e.g. a cycle phase or a sampling time
  low?: number;
  high?: number;
  unit: string; // UCUM; converts to the analyte's unit
  source: string; // the published source, never a web search
}
export interface SeedAnswer {
  en: string;
  ar: string;
  normal: boolean | null; // null: neither normal nor abnormal (a blood group)
}
export interface SeedAnalyte {
  loinc: string; // LOINC code with its check digit
  nameEn: string;
  nameAr: string;
  unit?: string; // UCUM, for numeric analytes
  decimals?: number;
  answers?: SeedAnswer[]; // for text analytes
  intervals?: SeedRange[];
  critical?: SeedRange[];
}
export interface SeedTestAnalytes {
  test: string; // a demo test's nameEn
  analytes: (string | { loinc: string; required: false })[]; // in display order
}
