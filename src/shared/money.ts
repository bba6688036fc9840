import { INTL_TAGS, type Locale } from './locale.ts';

/** SAR amounts are integer halalas in the database and SAR numbers with two decimals on the API. */
export function halalasToSar(halalas: number): number {
  return Math.round(halalas) / 100;
}

export function sarToHalalas(sar: number): number {
  return Math.round(sar * 100);
}

/**
 * The VAT contained in a VAT-inclusive amount, in halalas: total × 15/115 to the nearest halala, in
 * integers (total × 3 / 23 is never exactly half a halala, so no tie needs a rule; docs/decisions/0027).
 */
export function vatIncluded(totalHalalas: number): number {
  return Math.round((totalHalalas * 15) / 115);
}

const amountFormats = new Map<string, Intl.NumberFormat>();

function amountFormat(locale: Locale, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale} ${fractionDigits}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    amountFormats.set(key, format);
  }
  return format;
}

/**
 * Every riyal amount the product shows, on every page and in every mail: '1,149.00 ر.س' /
 * 'SAR 1,149.00', or in whole riyals for price plans ('99 ر.س'). Latin digits, the symbol Saudi
 * shops print, a no-break space so the symbol never wraps alone, and no direction marks (the
 * places that show it isolate it). The built-in store's SAR template writes the same
 * (migration 0022).
 */
export function formatSar(sar: number, locale: Locale, { whole = false }: { whole?: boolean } = {}): string {
  const amount = amountFormat(locale, whole ? 0 : 2).format(sar);
  return locale === 'ar' ? `${amount}\u00a0ر.س` : `SAR\u00a0${amount}`;
}
