/** Placeholder contact details until the company's own are set: one place for the footer and the pages. */
export const contactDetails = {
  phone: '+966 11 000 0000',
  phoneHref: 'tel:+966110000000',
  supportEmail: 'support@tahaleel.sa',
  privacyEmail: 'privacy@tahaleel.sa',
} as const;
