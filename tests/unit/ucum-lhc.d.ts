// @lhncbc/ucum-lhc ships no types; these are the two calls the analyte data's test makes (its README
// documents them: validateUnitString and convertUnitTo on UcumLhcUtils.getInstance()).
declare module '@lhncbc/ucum-lhc' {
  interface UnitValidation {
    status: 'valid' | 'invalid' | 'error';
    ucumCode: string | null;
    msg: string[];
  }
  interface UnitConversion {
    status: 'succeeded' | 'failed' | 'error';
    toVal: number | null;
    msg: string[];
  }
  interface UcumLhcUtils {
    validateUnitString(unit: string, suggest?: boolean): UnitValidation;
    convertUnitTo(fromUnit: string, value: number, toUnit: string): UnitConversion;
  }
  const ucum: { UcumLhcUtils: { getInstance(): UcumLhcUtils } };
  export default ucum;
}
