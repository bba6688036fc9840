import { z } from 'zod';
import { type CityKey, cityKeys } from './cities.ts';
import { coordinate } from './coordinates.ts';
import { bigintRowId, rowId } from './db-integers.ts';
import { latinDigits } from './digits.ts';
import { HOME_FEE_MAX, HOME_RADIUS_KM_MAX, HOME_WINDOW_CAPACITY_MAX, HOME_WINDOW_MINUTES_CHOICES } from './home-collection.ts';
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX } from './legal.ts';
import { oneLine } from './plain-text.ts';
import { normalizePromoCode } from './promo.ts';
import { PRICE_FILTER_MAX, SEARCH_MAX_RESULTS, SEARCH_PAGE_SIZE, searchSorts } from './search-options.ts';
import { validationMessages as m } from './validation-messages.ts';
import { referralCode } from './wallet-schemas.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

export const emailSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(254, m.tooLong)
  .pipe(z.email({ error: m.invalidEmail }))
  .transform((email) => email.toLowerCase());

/** Length only, no composition rules (NIST SP 800-63B); the server hashes whatever is typed. */
export const passwordSchema = z.string({ error: m.required }).min(PASSWORD_MIN, m.tooShort).max(PASSWORD_MAX, m.tooLong);

export const nameSchema = z.string({ error: m.required }).overwrite(oneLine).trim().min(1, m.required).max(NAME_MAX, m.tooLong);

/** Saudi mobile numbers in any usual spelling (05…, 5…, +9665…, 009665…), stored as +9665XXXXXXXX. */
export const saudiMobileSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .transform((value) => latinDigits(value).replace(/[\s-]/g, '').replace(/^00/, '+'))
  .pipe(z.string().regex(/^(?:\+966|0)?5\d{8}$/, m.invalidPhone))
  .transform((value) => `+966${value.slice(-9)}`);

export const signUpInput = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: nameSchema,
    userType: z.enum(['customer', 'lab']),
    licenseNumber: z.string().trim().max(64, m.tooLong).nullish(),
    acceptTerms: z.boolean(),
    /** "News and offers by e-mail": a separate choice, unticked unless the person ticks it (PDPL). */
    marketingMail: z.boolean().optional(),
    /** An invitation's code (ADR 0093), from the link the person came by or typed; empty is none. */
    referralCode: z
      .string()
      .max(40)
      .nullish()
      .transform((value) => (value?.trim() ? value : null))
      .pipe(referralCode.nullable())
      .optional(),
  })
  .refine((input) => input.acceptTerms, { path: ['acceptTerms'], message: m.consentRequired })
  .refine((input) => input.userType !== 'lab' || Boolean(input.licenseNumber), {
    path: ['licenseNumber'],
    message: m.required,
  });
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: emailSchema,
  password: z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX, m.tooLong),
  admin: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInInput>;

/** A guest's name and mobile, and an address for its booking mails if it gives one (left empty: none). */
export const anonymousSignInInput = z.object({
  name: nameSchema,
  phone: saudiMobileSchema,
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), emailSchema.optional()),
});
/** The password entered again before an administrator's sensitive action. */
export const confirmPasswordInput = z.object({ password: z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX, m.tooLong) });

export const upgradeAnonymousInput = z.object({ email: emailSchema, password: passwordSchema });

export const newsletterSubscribeInput = z.object({ email: emailSchema });

/** A single-use link's token (verify an address, reset a password): base32, as the server writes it. */
export const accountLinkToken = z
  .string({ error: m.required })
  .trim()
  .regex(/^[a-z2-7]{32}$/, m.invalid);
export const verifyEmailInput = z.object({ token: accountLinkToken });
export const requestPasswordResetInput = z.object({ email: emailSchema });
export const checkResetLinkInput = z.object({ token: accountLinkToken });
export const resetPasswordInput = z.object({ token: accountLinkToken, password: passwordSchema });
export const newsletterLinkInput = z.object({ token: accountLinkToken });
/** The link in a guest's booking mail that opens its bookings without an account (ADR 0066). */
export const guestLinkInput = z.object({ token: accountLinkToken });

export const searchInput = z
  .object({
    query: z.string({ error: m.required }).trim().min(1, m.required).max(100, m.tooLong),
    lat: coordinate(90).optional(),
    lon: coordinate(180).optional(),
    location: z.string().trim().max(100, m.tooLong).optional(),
    minPrice: z.number().min(0, m.invalid).max(PRICE_FILTER_MAX, m.invalid).optional(),
    maxPrice: z.number().min(0, m.invalid).max(PRICE_FILTER_MAX, m.invalid).optional(),
    minRating: z.number().min(1, m.invalid).max(5, m.invalid).optional(),
    sort: z.enum(searchSorts).default('relevance'),
    /** Only labs that collect samples at home; with a position, only those whose service radius reaches it. */
    homeCollection: z.boolean().optional(),
    /** Only tests and packages that need no fasting beforehand. */
    noFasting: z.boolean().optional(),
    /** Only labs in network for the signed-in account holder's insurer and class (ADR 0094); refused to anyone else. */
    coveredByMyInsurance: z.boolean().optional(),
    /** Rows to skip (tRPC names the page parameter of an infinite query `cursor`): a multiple of SEARCH_PAGE_SIZE. */
    cursor: z
      .number()
      .int(m.invalid)
      .min(0, m.invalid)
      .max(SEARCH_MAX_RESULTS - SEARCH_PAGE_SIZE, m.invalid)
      .multipleOf(SEARCH_PAGE_SIZE, m.invalid)
      .default(0),
  })
  .refine((input) => (input.lat === undefined) === (input.lon === undefined), { path: ['lon'], message: m.invalid })
  .refine((input) => (input.minPrice ?? 0) <= (input.maxPrice ?? PRICE_FILTER_MAX), { path: ['maxPrice'], message: m.invalid });
export type SearchInput = z.infer<typeof searchInput>;

/** "Packages with this test" beside search's results (issue #79): the words searched, and the person's place when known. */
export const packagesWithInput = z
  .object({
    query: z.string({ error: m.required }).trim().min(1, m.required).max(100, m.tooLong),
    lat: coordinate(90).optional(),
    lon: coordinate(180).optional(),
  })
  .refine((input) => (input.lat === undefined) === (input.lon === undefined), { path: ['lon'], message: m.invalid });
export type PackagesWithInput = z.infer<typeof packagesWithInput>;

/** Days a booking can be about: real calendar dates, far from the edges date arithmetic breaks at (9999-12-31). */
const inBookableYears = (year: number) => year >= 2000 && year <= 2199;
export const isoDate = z.iso.date({ error: m.invalid }).refine((value) => inBookableYears(Number(value.slice(0, 4))), m.invalid);
const isoInstant = z.iso
  .datetime({ offset: true, error: m.invalid })
  .refine((value) => inBookableYears(new Date(value).getUTCFullYear()), m.invalid);

/** A lab's free times on a date; for one of its tests (labTestId), only those that test can be booked at. */
export const availableSlotsInput = z.object({ labId: z.uuid(), date: isoDate, labTestId: rowId.optional() });
export const slotHoldInput = z.object({ labTestId: rowId, bookingTime: isoInstant });
/** Where a home collection takes place: the address as the patient writes it and its point on the map. */
export const homeAddressInput = z.object({
  address: z.string({ error: m.required }).trim().min(5, m.tooShort).max(300, m.tooLong),
  latitude: coordinate(90),
  longitude: coordinate(180),
});
export type HomeAddressInput = z.infer<typeof homeAddressInput>;
/** A seat to hold: a slot at the lab, or (with `home`) a home collection window at that address. */
export const seatHoldInput = slotHoldInput.extend({ home: homeAddressInput.optional() });
/** A seat to book: for the account holder, or for one of their family members (family.list). */
export const bookingItemInput = seatHoldInput.extend({ familyMemberId: z.uuid().optional() });
/** A promo code as a customer typed it (any case, Arabic-Indic digits, spaces around): an unknown one is refused by the server, not here. */
export const typedPromoCode = z.string().max(64, m.tooLong).transform(normalizePromoCode).pipe(z.string().min(1, m.required));
export const createBookingsInput = z.object({
  items: z.array(bookingItemInput).min(1).max(20),
  idempotencyKey: z.string().min(8).max(100),
  /** The promo code the checkout showed the discount of (ADR 0092). */
  promoCode: typedPromoCode.optional(),
  /** Pay what the wallet holds of the total from it, the card the rest (ADR 0093). */
  useWallet: z.boolean().optional(),
  /**
   * Pay only the person's share (ADR 0099): the message ids of the answered coverage checks the checkout
   * showed, one per visit (lab, person, day) whose person has a card in force. Absent: the full price.
   */
  coverageMessageIds: z.array(z.uuid()).min(1).max(20).optional(),
});
/** Moves a confirmed booking to another slot of the same lab test. */
export const rescheduleBookingInput = z.object({ id: z.uuid(), bookingTime: isoInstant });

/** Saudi numbers, mobile (05…) or landline (01…) or unified (9200…), stored as +966 and nine digits. */
export const saudiPhoneSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .transform((value) => latinDigits(value).replace(/[\s-]/g, '').replace(/^00/, '+'))
  .pipe(z.string().regex(/^(?:\+966|0)?[159]\d{8}$/, m.invalidPhone))
  .transform((value) => `+966${value.slice(-9)}`);

const testNameSchema = z.string({ error: m.required }).overwrite(oneLine).trim().min(2, m.tooShort).max(150, m.tooLong);
export const testRequestInput = z.object({ nameAr: testNameSchema, nameEn: testNameSchema });

/** A lab-test price in SAR, VAT included, with at most two decimals. */
export const LAB_TEST_PRICE_MAX = 100_000;
export const labTestPriceSchema = z
  .number({ error: m.required })
  .min(1, m.invalid)
  .max(LAB_TEST_PRICE_MAX, m.invalid)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, m.invalid);

/** The longest turnaround a lab may promise for a test (30 days), in hours (issue #79 item 6, ADR 0093). */
export const STATED_TURNAROUND_HOURS_MAX = 720;
/**
 * A test's NPHIES billing code as a lab types it (e.g. 80053-00): 1 to 40 letters, digits, '.' and '-',
 * Arabic-Indic digits taken as the same digits (the database checks the same).
 */
export const NPHIES_BILLING_CODE_MAX = 40;
export const nphiesBillingCodeSchema = z
  .string({ error: m.nphiesBillingCode })
  .overwrite((value) => latinDigits(value).trim())
  .regex(/^[A-Za-z0-9.-]{1,40}$/, m.nphiesBillingCode);

export const updateOfferingInput = z
  .object({
    labTestId: rowId,
    price: labTestPriceSchema.optional(),
    isActive: z.boolean().optional(),
    /** Results within this many hours of the visit, which the service guarantee holds the lab to; null: not stated. */
    statedTurnaroundHours: z
      .number({ error: m.invalid })
      .int(m.invalid)
      .min(1, m.invalid)
      .max(STATED_TURNAROUND_HOURS_MAX, m.invalid)
      .nullable()
      .optional(),
    /** The test's code in NPHIES's laboratory code system, which coverage checks and claims name it by; null clears it. */
    nphiesBillingCode: nphiesBillingCodeSchema.nullable().optional(),
  })
  .refine(
    (input) =>
      input.price !== undefined ||
      input.isActive !== undefined ||
      input.statedTurnaroundHours !== undefined ||
      input.nphiesBillingCode !== undefined,
    {
      path: ['price'],
      message: m.required,
    },
  );
export const addOfferingInput = z.object({ testId: rowId, price: labTestPriceSchema });

export const clockTime = z
  .string()
  .overwrite(latinDigits)
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, m.invalid);
export const workingDaySchema = z
  .object({ weekday: z.number().int().min(0).max(6), open: z.boolean(), opensAt: clockTime, closesAt: clockTime })
  .refine((day) => !day.open || day.opensAt.slice(0, 5) < day.closesAt.slice(0, 5), { path: ['closesAt'], message: m.invalid });

export const SLOT_MINUTES_CHOICES = [10, 15, 20, 30, 45, 60, 90, 120] as const;
/** How long a lab may pause its appointments from each prayer's time (issue #58); none when it does not. */
export const PRAYER_PAUSE_CHOICES = [15, 20, 30, 45] as const;
/** A lab's buffer after each appointment, before the next one in its seat (ADR 0068); 0 for none. */
export const BUFFER_MINUTES_CHOICES = [0, 5, 10, 15, 20, 30] as const;
/** How long ahead an appointment must be booked at a lab, in minutes (up to two days); 0 for any time ahead. */
export const MIN_NOTICE_MINUTES_CHOICES = [0, 30, 60, 120, 240, 720, 1440, 2880] as const;
const oneOf = (choices: readonly number[]) => z.number({ error: m.required }).refine((value) => choices.includes(value), m.invalid);

/** A lab's home collection settings (lab.updateHomeCollection): off, or on with its fee, radius and windows. */
export const homeCollectionSettingsInput = z
  .object({
    enabled: z.boolean(),
    fee: z
      .number({ error: m.required })
      .min(0, m.invalid)
      .max(HOME_FEE_MAX, m.invalid)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, m.invalid),
    radiusKm: z.number({ error: m.required }).int(m.invalid).min(1, m.invalid).max(HOME_RADIUS_KM_MAX, m.invalid),
    windowMinutes: z
      .number({ error: m.required })
      .refine((value) => (HOME_WINDOW_MINUTES_CHOICES as readonly number[]).includes(value), m.invalid),
    windowCapacity: z.number({ error: m.required }).int(m.invalid).min(1, m.invalid).max(HOME_WINDOW_CAPACITY_MAX, m.invalid),
    opensAt: clockTime,
    closesAt: clockTime,
    /** The lab promises its collector sets out no later than 30 minutes into the window (ADR 0093); unchanged when absent. */
    promisesPunctualVisits: z.boolean().optional(),
  })
  .refine((input) => input.opensAt.slice(0, 5) < input.closesAt.slice(0, 5), { path: ['closesAt'], message: m.invalid });
export type HomeCollectionSettingsInput = z.infer<typeof homeCollectionSettingsInput>;
const optionalTextField = (max: number) => z.string().overwrite(oneLine).trim().max(max, m.tooLong);

/** Everything a lab edits in its settings; coordinates come both or neither. */
export const labProfileInput = z
  .object({
    nameAr: z.string({ error: m.required }).overwrite(oneLine).trim().min(2, m.tooShort).max(150, m.tooLong),
    nameEn: z.string({ error: m.required }).overwrite(oneLine).trim().min(2, m.tooShort).max(150, m.tooLong),
    addressAr: optionalTextField(300),
    addressEn: optionalTextField(300),
    city: z.enum(cityKeys as [CityKey, ...CityKey[]], { error: m.required }),
    latitude: z.number().min(16, m.invalid).max(33, m.invalid).nullable(),
    longitude: z.number().min(34, m.invalid).max(56, m.invalid).nullable(),
    phone: saudiPhoneSchema,
    workingHours: z
      .array(workingDaySchema)
      .length(7)
      .refine((days) => new Set(days.map((day) => day.weekday)).size === 7, m.invalid),
    slotMinutes: oneOf(SLOT_MINUTES_CHOICES),
    slotCapacity: z.number({ error: m.required }).int(m.invalid).min(1, m.invalid).max(100, m.invalid),
    // Omitted or null: no pause.
    prayerPauseMinutes: oneOf(PRAYER_PAUSE_CHOICES).nullish(),
    // Omitted: none.
    bufferMinutes: oneOf(BUFFER_MINUTES_CHOICES).default(0),
    minNoticeMinutes: oneOf(MIN_NOTICE_MINUTES_CHOICES).default(0),
    // Omitted: off. On: a customer with two no-shows here in 90 days pays every visit of a series now (ADR 0077).
    noShowPrepay: z.boolean().default(false),
    // Omitted: 11:00; null: tests needing fasting are offered all day.
    fastingUntil: clockTime.nullable().default('11:00'),
    // Omitted or null: the weekly hours hold in Ramadan too.
    ramadanHours: z
      .object({ opensAt: clockTime, closesAt: clockTime })
      .refine((hours) => hours.opensAt.slice(0, 5) < hours.closesAt.slice(0, 5), { path: ['closesAt'], message: m.invalid })
      .nullish(),
  })
  .refine((input) => (input.latitude === null) === (input.longitude === null), { path: ['longitude'], message: m.invalid });
export type LabProfileInput = z.infer<typeof labProfileInput>;

export const accountProfileInput = z.object({ name: nameSchema, locale: z.enum(['ar', 'en']) });
export const changePasswordInput = z.object({
  currentPassword: z.string().max(PASSWORD_MAX, m.tooLong).optional(),
  newPassword: passwordSchema,
});

export const changeEmailInput = z.object({
  newEmail: emailSchema,
  currentPassword: z.string().max(PASSWORD_MAX, m.tooLong).optional(),
});
export const mailPreferencesInput = z.object({ reminderMail: z.boolean(), marketingMail: z.boolean() });

/**
 * Deleting an account is confirmed with its password; an account made with Google has none, and
 * confirms by typing its e-mail address instead (docs/decisions/0024).
 */
export const deleteAccountInput = z.object({
  password: z.string().max(PASSWORD_MAX, m.tooLong).optional(),
  email: z.string().trim().max(254, m.tooLong).optional(),
});

/** The versions the user saw and accepted in the dialog: an older page's versions are refused. */
export const acceptConsentInput = z.object({ termsVersion: z.string().max(20), privacyVersion: z.string().max(20) });

export const choosePlanInput = z.object({
  plan: z.enum(['basic', 'premium', 'enterprise', 'starter', 'professional']),
  audience: z.enum(['customer', 'lab']).optional(),
  /** The promo code whose discount of the first month the plans page showed (ADR 0092). */
  promoCode: typedPromoCode.optional(),
});

/** One page of the audit log, newest first: after `cursor` (the last id seen), filtered. */
export const auditLogInput = z.object({
  cursor: bigintRowId.optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  filters: z
    .object({
      action: z.enum(AUDIT_ACTIONS).optional(),
      actorId: z.uuid().optional(),
      from: isoInstant.optional(),
      to: isoInstant.optional(),
    })
    .default({}),
});
export type AuditLogInput = z.infer<typeof auditLogInput>;

export const setLabApprovalInput = z.object({ labId: z.uuid(), approved: z.boolean() });
export const reviewTestRequestInput = z.object({ id: rowId, decision: z.enum(['approved', 'rejected']) });
