/**
 * A Saudi number as it is stored (+966 and nine digits) in the grouping Saudi readers know:
 * `+966 55 123 4567`, a landline `+966 11 234 5678`. Anything else is shown as it is.
 */
export function formatPhone(phone: string): string {
  const match = /^\+966(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+966 ${match[1]} ${match[2]} ${match[3]}` : phone;
}
