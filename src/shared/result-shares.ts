// A patient's reports shared with a doctor by a link (issue #53 item 6, ADR 0061): the numbers both
// sides know. Without zod, so the doctor's public page does not load the schemas' code.

export const SHARE_DAYS_MIN = 1;
export const SHARE_DAYS_MAX = 30;
/** How many reports one link may hold: a visit's worth, with room to spare. */
export const SHARE_BOOKINGS_MAX = 20;
export const SHARE_CODE_LENGTH = 6;
/** Wrong codes a share takes before it locks, until its patient gives it a new code. */
export const SHARE_WRONG_CODES_MAX = 5;
/** The header the doctor's page sends a share's code in for a file: never in an address, which proxies and histories keep. */
export const SHARE_CODE_HEADER = 'x-share-code';
/** The link's token: 32 random bytes in base64url without padding. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
