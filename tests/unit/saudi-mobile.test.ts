import { describe, expect, it } from 'vitest';
import { latinDigits } from '../../src/shared/digits.ts';
import { saudiMobile } from '../../src/shared/phone.ts';
import { saudiMobileSchema } from '../../src/shared/schemas.ts';

describe('a Saudi mobile number as people type it', () => {
  it('is read in every usual spelling, Arabic digits included, as STC Pay takes it (05XXXXXXXX)', () => {
    for (const typed of [
      '0551234567',
      '551234567',
      '+966551234567',
      '00966551234567',
      '+966 55 123 4567',
      '055-123-4567',
      '٠٥٥١٢٣٤٥٦٧',
      '۰۵۵ ۱۲۳ ۴۵۶۷',
    ])
      expect(saudiMobile(typed), typed).toBe('0551234567');
  });

  it('is refused when it is a landline, too short, too long or not a number', () => {
    for (const typed of ['0112345678', '05512345', '05512345678', '+971551234567', 'phone', ''])
      expect(saudiMobile(typed), typed).toBeNull();
  });

  it('typed in Arabic digits is stored as the same number by the sign-up schema', () => {
    expect(saudiMobileSchema.parse('٠٥٥ ١٢٣ ٤٥٦٧')).toBe('+966551234567');
    expect(latinDigits('١٢٫٥ ريال')).toBe('12٫5 ريال');
  });
});
