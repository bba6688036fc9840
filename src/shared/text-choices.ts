// How each kind of message reaches a person's confirmed mobile number (issue #55): by SMS, by WhatsApp, or not
// by phone at all (mail still comes where there is an address). SMS until the person changes it: WhatsApp is
// chosen, never assumed.
export const TEXT_CHOICES = ['sms', 'whatsapp', 'off'] as const;
export type TextChoice = (typeof TEXT_CHOICES)[number];

/** The kinds chosen for, as their columns are named (user_profiles.<kind>_texts). */
export const TEXT_KINDS = ['booking', 'reminder', 'result', 'order'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];
