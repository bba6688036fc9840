import ucum from '@lhncbc/ucum-lhc';

/**
 * Units by UCUM (ucum-lhc), never a table of our own (ADR 0056, 0057). Two rules around it:
 * - a mass concentration converts to a molar one only with the analyte's molar mass;
 * - ucum-lhc refuses any conversion of an arbitrary unit such as [IU] (UCUM §4.3.2), yet m[IU]/L and
 *   u[IU]/mL are the same quantity of the same arbitrary unit: when both units hold the same arbitrary
 *   unit, it is replaced on both sides by one ordinary unit and the rest is converted as usual.
 */
const units = ucum.UcumLhcUtils.getInstance();

const ARBITRARY = /\[[^\]]+\]/g;
const ARBITRARY_STAND_IN = 'g';

const validity = new Map<string, boolean>();

/** Whether UCUM knows the unit (case-sensitive code). Remembered per unit: parsing one is not cheap. */
export function isUcumUnit(unit: string): boolean {
  let valid = validity.get(unit);
  if (valid === undefined) {
    valid = unit.trim() !== '' && units.validateUnitString(unit).status === 'valid';
    if (validity.size < 10_000) validity.set(unit, valid);
  }
  return valid;
}

function arbitraryParts(unit: string): string[] {
  return (unit.match(ARBITRARY) ?? []).filter((part) => !part.startsWith('[ppm') && !part.startsWith('[pi'));
}

/**
 * The factor of a conversion that is a plain multiplication (all but a few special units such as
 * degrees Celsius), remembered per pair; null when UCUM cannot convert, undefined when it is not linear.
 */
const factors = new Map<string, number | null | undefined>();

/**
 * `value` in `from` expressed in `to`, or null when UCUM cannot convert between them. The result is
 * UCUM's arithmetic, unbounded: any power of ten is a unit (`10*999.g/dL` makes 6.8 Infinity), so a
 * caller that keeps the number bounds it (report-values.ts, `LAB_VALUE_MAX`).
 */
export function convertValue(value: number, from: string, to: string, molarMass: number | null = null): number | null {
  if (from === to) return value;
  const pair = `${from}\u0000${to}\u0000${molarMass ?? ''}`;
  if (!factors.has(pair)) {
    const one = convertByUcum(1, from, to, molarMass);
    const two = one === null ? null : convertByUcum(2, from, to, molarMass);
    const linear = one !== null && two !== null && Math.abs(two - 2 * one) <= Math.abs(one) * 1e-12;
    if (factors.size < 10_000) factors.set(pair, one === null ? null : linear ? one : undefined);
  }
  const factor = factors.get(pair);
  if (factor === null) return null;
  return factor === undefined ? convertByUcum(value, from, to, molarMass) : value * factor;
}

function convertByUcum(value: number, from: string, to: string, molarMass: number | null): number | null {
  const direct = units.convertUnitTo(from, value, to, molarMass === null ? undefined : { molecularWeight: molarMass });
  if (direct.status === 'succeeded') return direct.toVal;
  const fromArbitrary = arbitraryParts(from);
  const toArbitrary = arbitraryParts(to);
  if (fromArbitrary.length !== 1 || toArbitrary.length !== 1 || fromArbitrary[0] !== toArbitrary[0]) return null;
  const standIn = (unit: string) => unit.replace(fromArbitrary[0]!, ARBITRARY_STAND_IN);
  const replaced = units.convertUnitTo(standIn(from), value, standIn(to));
  return replaced.status === 'succeeded' ? replaced.toVal : null;
}
