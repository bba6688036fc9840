// @lhncbc/ucum-lhc ships no types; these are the two calls we make (its README documents them:
// validateUnitString and convertUnitTo on UcumLhcUtils.getInstance(); options.molecularWeight since 5.0).
declare module '@lhncbc/ucum-lhc' {
  interface UnitValidation {
    status: 'valid' | 'invalid' | 'error';
    ucumCode: string | null;
    msg: string[];
  }
  type UnitConversion = { status: 'succeeded'; toVal: number; msg: string[] } | { status: 'failed' | 'error'; toVal: null; msg: string[] };
  interface ConversionOptions {
    molecularWeight?: number;
  }
  interface UcumLhcUtils {
    validateUnitString(unit: string, suggest?: boolean): UnitValidation;
    convertUnitTo(fromUnit: string, value: number, toUnit: string, options?: ConversionOptions): UnitConversion;
  }
  const ucum: { UcumLhcUtils: { getInstance(): UcumLhcUtils } };
  export default ucum;
}
