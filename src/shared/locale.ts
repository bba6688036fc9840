/** The product's languages: Arabic first (the default, right to left), English second. */
export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Who an account belongs to; admins are never created by sign-up. */
export type UserType = 'customer' | 'lab' | 'admin';
