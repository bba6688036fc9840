/** Digits as typed on an Arabic keyboard (٠١٢…, or the Persian ۰۱۲…) count as the same digits. */
export function latinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}
