/** SAR amounts are integer halalas in the database and SAR numbers with two decimals on the API. */
export const VAT_RATE = 0.15;

export function halalasToSar(halalas: number): number {
  return Math.round(halalas) / 100;
}

export function sarToHalalas(sar: number): number {
  return Math.round(sar * 100);
}

/** The VAT contained in a VAT-inclusive amount, in halalas. */
export function vatIncluded(totalHalalas: number): number {
  return Math.round(totalHalalas - totalHalalas / (1 + VAT_RATE));
}
