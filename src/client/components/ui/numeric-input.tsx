import { Input, type InputProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { latinNumberText } from '../../../shared/digits.ts';

/**
 * A field for a number or a code of digits: Arabic-Indic (٠١٢) and Eastern Arabic-Indic (۰۱۲) digits,
 * and the Arabic decimal separator, become Latin as they are typed, so every parser after it reads them.
 */
export const NumericInput = forwardRef<HTMLInputElement, InputProps>(function NumericInput({ onChange, ...props }, ref) {
  return (
    <Input
      ref={ref}
      {...props}
      onChange={(event) => {
        const latin = latinNumberText(event.currentTarget.value);
        if (latin !== event.currentTarget.value) event.currentTarget.value = latin;
        onChange?.(event);
      }}
    />
  );
});
