// How a UCUM unit code reads, for the report the patient reads and the comment a lab's specialist signs.

const SUPERSCRIPTS: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};
const superscript = (digits: string) => [...digits].map((digit) => SUPERSCRIPTS[digit] ?? digit).join('');

/**
 * A UCUM code as a reader writes the unit: "10*3/uL" → "10³/µL", "m[IU]/mL" → "mIU/mL",
 * "ng/mL{FEU}" → "ng/mL FEU"; a dimensionless "1" has no unit to show. Only how it reads: the codes
 * themselves (and any conversion, by UCUM) stay the server's.
 */
export function displayUnit(code: string | null): string {
  if (code === null || code === '1') return '';
  return code
    .replace(/\{([^}]*)\}/g, (_, annotation: string) => ` ${annotation.replace(/_/g, ' ')}`)
    .replace(/10\*(-?\d+)/g, (_, exponent: string) => `10${superscript(exponent)}`)
    .replace(/(^|[/.\s])u(?=[A-Za-z[])/g, '$1µ')
    .replace(/[[\]]/g, '')
    .replace(/\/\s+/g, '/')
    .replace(/\bm2\b/g, 'm²')
    .replace(/\s+/g, ' ')
    .trim();
}
