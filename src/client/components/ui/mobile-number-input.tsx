import { Input, type InputProps } from '@chakra-ui/react';

/**
 * A mobile number as people type it (05…, +966…, Arabic-Indic digits): left to right inside Arabic,
 * the phone's dial pad, and the number the browser knows. The server reads it (ADR 0072).
 */
export function MobileNumberInput(props: InputProps) {
  return <Input type="tel" inputMode="tel" dir="ltr" placeholder="05XXXXXXXX" autoComplete="tel" {...props} />;
}
