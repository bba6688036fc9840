/**
 * LOINC codes: up to seven digits, a hyphen and LOINC's Mod 10 check digit ("2823-3" is potassium).
 * The database checks the shape alone (migrations/0054); the check digit is checked here, by the
 * admin's form, the server that saves a new analyte, and the analytes data file's test.
 */

const LOINC_SHAPE = /^(\d{1,7})-(\d)$/;

/**
 * LOINC's Mod 10 check digit, as LOINC publishes it: the digits in odd positions counted from the right
 * form a number that is doubled; the even-position digits are written before it; the check digit takes
 * the sum of all those digits up to the next multiple of ten.
 */
export function loincCheckDigit(body: string): number {
  const fromRight = [...body].reverse();
  const odd = fromRight
    .filter((_, index) => index % 2 === 0)
    .reverse()
    .join('');
  const even = fromRight
    .filter((_, index) => index % 2 === 1)
    .reverse()
    .join('');
  const digits = `${even}${Number(odd) * 2}`;
  const sum = [...digits].reduce((total, digit) => total + Number(digit), 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether a code is a LOINC code whose check digit is right. */
export function isValidLoinc(code: string): boolean {
  const match = LOINC_SHAPE.exec(code);
  return match !== null && loincCheckDigit(match[1]!) === Number(match[2]);
}
