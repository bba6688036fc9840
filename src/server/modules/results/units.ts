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

/** Whether UCUM knows the unit (case-sensitive code). */
export function isUcumUnit(unit: string): boolean {
  return unit.trim() !== '' && units.validateUnitString(unit).status === 'valid';
}

function arbitraryParts(unit: string): string[] {
  return (unit.match(ARBITRARY) ?? []).filter((part) => !part.startsWith('[ppm') && !part.startsWith('[pi'));
}

/** `value` in `from` expressed in `to`, or null when UCUM cannot convert between them. */
export function convertValue(value: number, from: string, to: string, molarMass: number | null = null): number | null {
  if (from === to) return value;
  const direct = units.convertUnitTo(from, value, to, molarMass === null ? undefined : { molecularWeight: molarMass });
  if (direct.status === 'succeeded') return direct.toVal;
  const fromArbitrary = arbitraryParts(from);
  const toArbitrary = arbitraryParts(to);
  if (fromArbitrary.length !== 1 || toArbitrary.length !== 1 || fromArbitrary[0] !== toArbitrary[0]) return null;
  const standIn = (unit: string) => unit.replace(fromArbitrary[0]!, ARBITRARY_STAND_IN);
  const replaced = units.convertUnitTo(standIn(from), value, standIn(to));
  return replaced.status === 'succeeded' ? replaced.toVal : null;
}
