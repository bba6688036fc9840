/** Digits as typed on an Arabic keyboard (٠١٢…, or the Persian ۰۱۲…) count as the same digits. */
export function latinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}

/**
 * A number as typed on any keyboard: Arabic-Indic or Eastern Arabic-Indic digits, the Arabic decimal
 * separator (٫) or a comma for the point, the Arabic thousands separator (٬) ignored. Null when the text
 * is not one number.
 */
export function typedNumber(typed: string): number | null {
  const text = latinNumberText(typed).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** The text of a number field with its digits and separators made Latin, as it is typed. */
export function latinNumberText(typed: string): string {
  return latinDigits(typed).replace(/٬/g, '').replace(/[٫,]/g, '.');
}
