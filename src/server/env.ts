import { decodeBase64IgnorePadding } from '@oslojs/encoding';
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js/max';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

/** A link to one of Tahaleel's own accounts, shown in the footer: a web address on https. */
const socialUrl = optionalText.pipe(z.url({ protocol: /^https$/, error: 'must be an https:// address' }).optional());

/** A Graph API version as Meta's paths name it (v26.0). */
const graphApiVersion = z.string().regex(/^v\d+\.\d+$/, 'must be a Graph API version, e.g. v26.0');

/** A tile server's address with its {z}/{x}/{y} places (and {s} for a subdomain, if it uses them). */
const tileUrl = z
  .string()
  .trim()
  .refine((value) => ['{z}', '{x}', '{y}'].every((place) => value.includes(place)), 'must contain {z}, {x} and {y}')
  .refine((value) => /^https?:\/\/[^/]+\//.test(value) && URL.canParse(value.replaceAll('{s}', 'a')), 'must be an http(s):// address');

const KEY_BYTES = 32;
const KEY_HINT = `32 random bytes in base64 (e.g. from \`openssl rand -base64 ${KEY_BYTES}\`)`;

/** A master key as written in the environment: base64 (standard alphabet, padding optional) of 32 bytes; null if it is not one. */
function decodeMasterKey(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    const bytes = decodeBase64IgnorePadding(text.replace(/=+$/, ''));
    return bytes.byteLength === KEY_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

const masterKey = z
  .string()
  .trim()
  .transform((text, context) => {
    const key = decodeMasterKey(text);
    if (!key) context.addIssue({ code: 'custom', message: `must be ${KEY_HINT}` });
    return key ?? z.NEVER;
  });

/** NPHIES's own hosts, where a lab's endpoint may be unless NPHIES_ENDPOINT_HOSTS says otherwise. */
const NPHIES_DOMAIN = '*.nphies.sa';

/** The names of this machine's loopback interface that HOST may be: a server listening on one is reachable from this machine only. */
const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];

function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.includes(host);
}

/** True for https://, or http:// to this machine (a test fake); an address that is no URL at all is reported by its own field's check. */
function isHttpsOrLocal(url: string): boolean {
  if (!URL.canParse(url)) return true;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || (protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname));
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The address the Node server listens on: this machine's loopback by default, so only this
     * machine reaches it; 0.0.0.0 (or ::) takes connections from the network (the Dockerfile sets it).
     */
    HOST: optionalText
      .pipe(
        z
          .union([z.ipv4(), z.ipv6(), z.literal('localhost')], { error: 'must be an IP address (127.0.0.1, 0.0.0.0, ::) or localhost' })
          .optional(),
      )
      .transform((host) => host ?? '127.0.0.1'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('./.data'),
    /**
     * This instance's name, the same each time it starts again (a container's, a machine's): checkouts it
     * was charging when it stopped are ended when it starts under it again. Unset: host name and PORT.
     */
    INSTANCE_NAME: optionalText.pipe(
      z
        .string()
        .max(200)
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
        .optional(),
    ),
    PUBLIC_URL: optionalUrl,
    /**
     * How many reverse proxies stand in front of the server and append to X-Forwarded-For: `false` (0,
     * the default: the socket's address), `true` (1) or a number; the client address is the entry the
     * outermost of them wrote (platform/client-address.ts).
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .pipe(z.string().regex(/^(true|false|\d)$/, 'must be true, false or the number of proxies (0–9)'))
      .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
    /**
     * How long an idle connection is kept open for the next request. Longer than the idle timeout of
     * the proxy or load balancer in front (60 s at AWS's ALB and in nginx's upstream keepalive), or
     * the proxy may send a request on a connection the server is closing that moment and answer 502.
     */
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(65),
    /**
     * What the visitors of one client address may keep reserved at once (issue #20): live slot holds
     * across its guest accounts, and open store checkouts and the units reserved in them. Many people
     * can share an address behind a carrier's NAT or an office's; raise these where they do.
     */
    HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(30),
    STORE_CHECKOUTS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
    STORE_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
    /**
     * The longest an answer to a refused request (over a limit, rate-limited) is held back; an address
     * refused again within a minute waits longer each time, up to this (ADR 0040). 0 answers at once.
     */
    SLOW_REFUSALS_MAX_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
    /** The simulated lab-test payment's wait (the spec's 2 s); tests and benchmarks set 0. */
    PAYMENT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /**
     * The longest one NPHIES exchange may take, retries and their waits included; past it the caller is
     * told the insurer did not answer in time (ADR 0097).
     */
    NPHIES_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
    /**
     * The hosts a lab's NPHIES endpoint may be on, comma-separated: a host (`hsb.nphies.sa`) or a domain with
     * every host under it (`*.nphies.sa`). The server posts to the lab's address with the lab's certificate,
     * so it must not be any address a lab types (nphies-endpoints.ts). By default NPHIES's domain, and this
     * machine (the fake NPHIES) outside production or on a server only this machine reaches (DEV_MAILBOX).
     */
    NPHIES_ENDPOINT_HOSTS: optionalText.pipe(
      z
        .string()
        .transform((text) =>
          text
            .split(',')
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(
              z
                .string()
                .regex(/^((\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+|localhost|\[::1\])$/, 'each must be a host name or *.domain, e.g. *.nphies.sa'),
            )
            .min(1, 'name at least one host'),
        )
        .optional(),
    ),
    /** Where lab-test payments go: `simulated` (the default: no money moves) or `moyasar` (ADR 0026). */
    PAYMENT_PROVIDER: z.enum(['simulated', 'moyasar']).default('simulated'),
    /** Days a paid plan whose renewal was declined stays on (retried daily, mailed) before the free plan (ADR 0042). */
    PLAN_RENEWAL_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
    /** Moyasar's API base; the app appends /payments, /payments/{id}/refund, … */
    MOYASAR_API_URL: optionalUrl.transform((url) => url ?? 'https://api.moyasar.com/v1'),
    /** The secret key (sk_…): fetches, refunds and voids payments. Never sent to a browser. */
    MOYASAR_SECRET_KEY: optionalText,
    /** The publishable key (pk_…): the browser creates the payment with it. */
    MOYASAR_PUBLISHABLE_KEY: optionalText,
    /** The webhook's secret_token, as set in Moyasar's dashboard. */
    MOYASAR_WEBHOOK_SECRET: optionalText,
    /**
     * Apple Pay's domain association file (Moyasar's dashboard, Apple Pay domains, "Download Association"),
     * its text: served at /.well-known/apple-developer-merchantid-domain-association so Apple verifies the domain.
     */
    APPLE_PAY_DOMAIN_ASSOCIATION: optionalText,
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_TOKEN_URL: optionalUrl,
    STORE_API_URL: optionalUrl,
    STORE_ID: optionalText,
    /** Where mail goes: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    /** The sender of every mail, e.g. `Tahaleel <no-reply@tahaleel.sa>`; by default no-reply at PUBLIC_URL's host. */
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, or a name and <address>')
        .optional(),
    ),
    /**
     * Without SMTP_URL: keep each mail for the development mailbox page (/dev/mailbox) and print its
     * subject and links. Anyone who opens the page reads every mail, so it is only ever on with a
     * loopback HOST; there it is on by default except in production (`npm start` turns it on for its demo).
     */
    DEV_MAILBOX: z.stringbool().optional(),
    /**
     * Who sends text messages (codes by SMS, issue #55): `unifonic` or `taqnyat` (Saudi gateways, with
     * their keys below and a sender name registered with them), or `dev`, which keeps them for the
     * development mailbox page beside mail (only on a loopback HOST). By default `dev` where the
     * development mailbox is on; else none, and messages wait in their outbox until one is set.
     */
    SMS_PROVIDER: z.enum(['dev', 'unifonic', 'taqnyat']).optional(),
    /**
     * The countries codes by SMS go to (issue #74): ISO 3166 alpha-2 codes, comma-separated, the GCC by
     * default. A number elsewhere is refused (PHONE_COUNTRY_NOT_SERVED), and so are the satellite and
     * other numbers of no country: premium routes are where SMS pumping makes its money.
     */
    SMS_COUNTRIES: optionalText.transform((list = 'SA,AE,KW,BH,QA,OM', context) => {
      const codes = [...new Set(list.split(',').map((entry) => entry.trim().toUpperCase()))].filter(Boolean);
      const unknown = codes.filter((code) => !isSupportedCountry(code));
      if (codes.length === 0 || unknown.length > 0) {
        const named = unknown.length > 0 ? ` (not one: ${unknown.join(', ')})` : '';
        context.addIssue({ code: 'custom', message: `must be ISO 3166 alpha-2 country codes, comma-separated, e.g. SA,AE${named}` });
        return z.NEVER;
      }
      return codes as CountryCode[];
    }),
    /**
     * Codes by SMS sent to one country in an hour, from every client (issue #74): past it, codes to that
     * country are refused until the hour ends, the log warns, and the admin's overview says so.
     */
    SMS_HOURLY_BUDGET_PER_COUNTRY: z.coerce.number().int().min(1).max(1_000_000).default(500),
    /** Unifonic's base; the app appends /rest/SMS/messages. */
    UNIFONIC_API_URL: optionalUrl.transform((url) => url ?? 'https://el.cloud.unifonic.com'),
    /** The Unifonic application's AppSid (its credential). */
    UNIFONIC_APP_SID: optionalText,
    /** The sender name registered with Unifonic (and the Saudi operators, through it). */
    UNIFONIC_SENDER_ID: optionalText,
    /**
     * The secret in the delivery receipts' URL set at Unifonic (`PUBLIC_URL/sms/receipts/unifonic?secret=…`),
     * which sign nothing themselves. Unset: receipts are not taken, and messages stay `sent`.
     */
    SMS_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** Taqnyat's base; the app appends /v1/messages. */
    TAQNYAT_API_URL: optionalUrl.transform((url) => url ?? 'https://api.taqnyat.sa'),
    /** The Taqnyat bearer token. */
    TAQNYAT_BEARER_TOKEN: optionalText,
    /** The sender name registered with Taqnyat. */
    TAQNYAT_SENDER_NAME: optionalText,
    /**
     * Who sends WhatsApp messages (issue #55, to those who chose WhatsApp over SMS): `cloud` (Meta's WhatsApp
     * Cloud API, with the settings below and the app's message templates approved in Arabic and English), or
     * `dev`, which keeps them for the development mailbox page beside mail (only on a loopback HOST). By default
     * `dev` where the development mailbox is on; else none, and every message goes by SMS.
     */
    WHATSAPP_PROVIDER: z.enum(['cloud', 'dev']).optional(),
    /** The Graph API's base; the app appends /WHATSAPP_API_VERSION/WHATSAPP_PHONE_NUMBER_ID/messages. */
    WHATSAPP_API_URL: optionalUrl.transform((url) => url ?? 'https://graph.facebook.com'),
    /** The Graph API version called: the latest when this was written (Meta supports each for about two years). */
    WHATSAPP_API_VERSION: optionalText.pipe(graphApiVersion.default('v26.0')),
    /** The business phone number's id in WhatsApp Manager (digits; not the number itself). */
    WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'must be the phone number id: digits').optional()),
    /** A system user's access token with the whatsapp_business_messaging permission. */
    WHATSAPP_ACCESS_TOKEN: optionalText,
    /**
     * The Meta app's secret, which signs its webhook's POSTs, and the verify token set with the webhook's URL
     * (`PUBLIC_URL/whatsapp/webhook`). Both unset: the webhook is not served, and WhatsApp messages stay `sent`.
     */
    WHATSAPP_APP_SECRET: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /**
     * Who verifies national ID / iqama numbers (issue #80, ADR 0096): `elm` (Elm's Nafath MFA API, with the
     * settings below, registered with Elm for this service), or `dev`, which answers in this process (only on
     * a loopback HOST: it verifies anyone). By default `dev` where the development mailbox is on; else none,
     * and "Verify with Nafath" says Nafath cannot be reached.
     */
    NAFATH_PROVIDER: z.enum(['dev', 'elm']).optional(),
    /** Elm's Nafath base for the environment: https://nafath.api.elm.sa (production), its /stg for staging. */
    NAFATH_API_URL: optionalUrl,
    /** The APP-ID and APP-KEY Elm gives the service provider (one pair per environment). */
    NAFATH_APP_ID: optionalText,
    NAFATH_APP_KEY: optionalText,
    /** The Nafath service registered for Tahaleel, e.g. DigitalServiceEnrollmentWithoutBio. */
    NAFATH_SERVICE: optionalText,
    /** Where Elm publishes the keys its callback tokens are signed with; by default NAFATH_API_URL/api/v1/mfa/jwk. */
    NAFATH_JWKS_URL: optionalUrl,
    /** The service provider name registered with Elm, which Nafath's tokens carry as `aud`; checked when set. */
    NAFATH_AUDIENCE: optionalText,
    /** How long a Nafath request waits for the person's answer (Elm's guide: 180 s to decide). */
    NAFATH_REQUEST_LIFETIME_SECONDS: z.coerce.number().int().min(30).max(600).default(180),
    /** Result files in an S3-compatible object store (S3, R2, MinIO) instead of DATA_DIR/results. */
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalText,
    /** `auto` for Cloudflare R2; the bucket's region for AWS. */
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /**
     * The master key that seals result files (docs/decisions/0021): each file's own data key is wrapped
     * by it. Required by `npm run serve` (production); `npm start` keeps one in DATA_DIR.
     */
    RESULTS_ENCRYPTION_KEY: optionalText.pipe(masterKey.optional()),
    /** Keys that sealed files before a rotation, comma-separated: they still open those files until `npm run keys:rotate`. */
    RESULTS_ENCRYPTION_KEYS_OLD: optionalText.pipe(
      z
        .string()
        .transform((list, context) => {
          const keys = list
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
            .map(decodeMasterKey);
          if (keys.some((key) => key === null)) {
            context.addIssue({ code: 'custom', message: `each comma-separated entry must be ${KEY_HINT}` });
            return z.NEVER;
          }
          return keys as Uint8Array[];
        })
        .optional(),
    ),
    /**
     * Days an admin or approved lab may still skip setting up two-factor sign-in, counted from when the
     * rule first applies to the account; 0 asks at once (docs/decisions/0023).
     */
    TWO_FACTOR_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    /** The footer's links to Tahaleel's own accounts; a network left unset is not shown (issue #27, item 14). */
    SOCIAL_X_URL: socialUrl,
    SOCIAL_INSTAGRAM_URL: socialUrl,
    SOCIAL_LINKEDIN_URL: socialUrl,
    SOCIAL_YOUTUBE_URL: socialUrl,
    /** Map tiles for the labs map (issue #22): OpenStreetMap's by default; its CSP source is allowed for images. */
    MAP_TILES_URL: tileUrl.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** Shown on the map, as the tile provider's terms require. */
    MAP_TILES_ATTRIBUTION: z.string().trim().min(1).max(300).default('© OpenStreetMap contributors'),
    /**
     * The seller of record on every simplified tax invoice (the platform, issue #21): its registered
     * name and its 15-digit VAT number (ZATCA's form: 3, thirteen digits, 3). The defaults are
     * placeholders for development; a real deployment sets both.
     */
    SELLER_NAME: z.string().trim().min(1).max(120).default('Tahaleel'),
    SELLER_VAT_NUMBER: z
      .string()
      .trim()
      .default('300000000000003')
      .pipe(z.string().regex(/^3\d{13}3$/, 'must be the 15-digit VAT registration number, starting and ending with 3')),
    /** The least severe log entries written (one JSON line each); `silent` writes none. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
    /** `test-only` hashes passwords at a test suite's cost; refused unless NODE_ENV=test. */
    PASSWORD_COST: z.enum(['standard', 'test-only']).default('standard'),
  })
  // `when` lets these run even while another key is invalid, so every problem is listed at once.
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together, or neither',
    when: () => true,
  })
  .refine((env) => env.PASSWORD_COST !== 'test-only' || env.NODE_ENV === 'test', {
    path: ['PASSWORD_COST'],
    message: 'test-only is for test suites: it is refused unless NODE_ENV=test',
    when: () => true,
  })
  .refine((env) => !(env.SMTP_URL && env.DEV_MAILBOX), {
    path: ['DEV_MAILBOX'],
    message: 'the development mailbox is for running without SMTP_URL: set one or the other',
    when: () => true,
  })
  .refine((env) => !(env.DEV_MAILBOX && !isLoopbackHost(env.HOST)), {
    path: ['DEV_MAILBOX'],
    message:
      'the development mailbox shows every mail to whoever opens it: it is only for a server listening on this machine alone ' +
      '(HOST=127.0.0.1, ::1 or localhost); set SMTP_URL to deliver mail from a server others reach',
    when: () => true,
  })
  .refine((env) => !env.GOOGLE_TOKEN_URL || isHttpsOrLocal(env.GOOGLE_TOKEN_URL), {
    path: ['GOOGLE_TOKEN_URL'],
    message: 'must be an https:// URL (http:// only for localhost, as a test fake)',
    when: () => true,
  })
  .refine(
    (env) => {
      const set = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
      return set === 0 || set === 4;
    },
    {
      path: ['S3_ENDPOINT'],
      message: 'set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or none',
      when: () => true,
    },
  )
  .refine((env) => !env.RESULTS_ENCRYPTION_KEYS_OLD?.length || env.RESULTS_ENCRYPTION_KEY, {
    path: ['RESULTS_ENCRYPTION_KEYS_OLD'],
    message: 'old keys only open files: set RESULTS_ENCRYPTION_KEY too, the key that seals new ones',
    when: () => true,
  })
  .refine(
    (env) => env.PAYMENT_PROVIDER !== 'moyasar' || (env.MOYASAR_SECRET_KEY && env.MOYASAR_PUBLISHABLE_KEY && env.MOYASAR_WEBHOOK_SECRET),
    {
      path: ['PAYMENT_PROVIDER'],
      message: 'moyasar needs MOYASAR_SECRET_KEY, MOYASAR_PUBLISHABLE_KEY and MOYASAR_WEBHOOK_SECRET',
      when: () => true,
    },
  )
  .refine((env) => !env.MOYASAR_API_URL || isHttpsOrLocal(env.MOYASAR_API_URL), {
    path: ['MOYASAR_API_URL'],
    message: 'must be an https:// URL (http:// only for localhost, as a test fake)',
    when: () => true,
  })
  .refine((env) => env.SMS_PROVIDER !== 'unifonic' || (env.UNIFONIC_APP_SID && env.UNIFONIC_SENDER_ID), {
    path: ['SMS_PROVIDER'],
    message: 'unifonic needs UNIFONIC_APP_SID and UNIFONIC_SENDER_ID',
    when: () => true,
  })
  .refine((env) => env.SMS_PROVIDER !== 'taqnyat' || (env.TAQNYAT_BEARER_TOKEN && env.TAQNYAT_SENDER_NAME), {
    path: ['SMS_PROVIDER'],
    message: 'taqnyat needs TAQNYAT_BEARER_TOKEN and TAQNYAT_SENDER_NAME',
    when: () => true,
  })
  .refine((env) => env.SMS_PROVIDER !== 'dev' || isLoopbackHost(env.HOST), {
    path: ['SMS_PROVIDER'],
    message: 'dev keeps text messages for the development mailbox: only for a server listening on this machine alone (HOST=127.0.0.1)',
    when: () => true,
  })
  .refine((env) => [env.UNIFONIC_API_URL, env.TAQNYAT_API_URL].every((url) => !url || isHttpsOrLocal(url)), {
    path: ['SMS_PROVIDER'],
    message: 'UNIFONIC_API_URL and TAQNYAT_API_URL must be https:// URLs (http:// only for localhost, as a test fake)',
    when: () => true,
  })
  .refine((env) => env.WHATSAPP_PROVIDER !== 'cloud' || (env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_ACCESS_TOKEN), {
    path: ['WHATSAPP_PROVIDER'],
    message: 'cloud needs WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN',
    when: () => true,
  })
  .refine((env) => env.WHATSAPP_PROVIDER !== 'dev' || isLoopbackHost(env.HOST), {
    path: ['WHATSAPP_PROVIDER'],
    message: 'dev keeps WhatsApp messages for the development mailbox: only for a server listening on this machine alone (HOST=127.0.0.1)',
    when: () => true,
  })
  .refine((env) => !env.WHATSAPP_API_URL || isHttpsOrLocal(env.WHATSAPP_API_URL), {
    path: ['WHATSAPP_API_URL'],
    message: 'must be an https:// URL (http:// only for localhost, as a test fake)',
    when: () => true,
  })
  .refine((env) => Boolean(env.WHATSAPP_APP_SECRET) === Boolean(env.WHATSAPP_VERIFY_TOKEN), {
    path: ['WHATSAPP_VERIFY_TOKEN'],
    message: 'set WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN together (the webhook needs both), or neither',
    when: () => true,
  })
  .refine((env) => env.NAFATH_PROVIDER !== 'elm' || (env.NAFATH_API_URL && env.NAFATH_APP_ID && env.NAFATH_APP_KEY && env.NAFATH_SERVICE), {
    path: ['NAFATH_PROVIDER'],
    message: 'elm needs NAFATH_API_URL, NAFATH_APP_ID, NAFATH_APP_KEY and NAFATH_SERVICE',
    when: () => true,
  })
  .refine((env) => env.NAFATH_PROVIDER !== 'dev' || isLoopbackHost(env.HOST), {
    path: ['NAFATH_PROVIDER'],
    message: 'dev verifies anyone: only for a server listening on this machine alone (HOST=127.0.0.1)',
    when: () => true,
  })
  .refine((env) => [env.NAFATH_API_URL, env.NAFATH_JWKS_URL].every((url) => !url || isHttpsOrLocal(url)), {
    path: ['NAFATH_API_URL'],
    message: 'NAFATH_API_URL and NAFATH_JWKS_URL must be https:// URLs (http:// only for localhost, as a test fake)',
    when: () => true,
  })
  .refine((env) => Boolean(env.STORE_API_URL) === Boolean(env.STORE_ID), {
    path: ['STORE_ID'],
    message: 'set STORE_API_URL and STORE_ID together, or neither',
    when: () => true,
  })
  .transform((env) => {
    const PUBLIC_URL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const DEV_MAILBOX = !env.SMTP_URL && isLoopbackHost(env.HOST) && (env.DEV_MAILBOX ?? env.NODE_ENV !== 'production');
    return {
      ...env,
      PUBLIC_URL,
      MAIL_FROM: env.MAIL_FROM ?? `Tahaleel <no-reply@${new URL(PUBLIC_URL).hostname}>`,
      DEV_MAILBOX,
      SMS_PROVIDER: env.SMS_PROVIDER ?? (DEV_MAILBOX ? ('dev' as const) : undefined),
      WHATSAPP_PROVIDER: env.WHATSAPP_PROVIDER ?? (DEV_MAILBOX ? ('dev' as const) : undefined),
      NAFATH_PROVIDER: env.NAFATH_PROVIDER ?? (DEV_MAILBOX ? ('dev' as const) : undefined),
      NPHIES_ENDPOINT_HOSTS: env.NPHIES_ENDPOINT_HOSTS ?? [
        NPHIES_DOMAIN,
        ...(DEV_MAILBOX || env.NODE_ENV !== 'production' ? ['127.0.0.1', 'localhost', '[::1]'] : []),
      ],
      RESULTS_ENCRYPTION_KEYS_OLD: env.RESULTS_ENCRYPTION_KEYS_OLD ?? [],
    };
  });

export type Env = z.output<typeof envSchema>;

/** The object store for result files, when one is configured (else the disk, or nothing on the Worker). */
export function s3Settings(env: Env) {
  if (!env.S3_ENDPOINT || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/** Start-up's plain statement of who can reach the server listening on `port`, and so whether its mail can be read there. */
export function describeListening(env: Env, port: number): string {
  const mail = env.SMTP_URL ? 'mail goes to SMTP_URL' : 'mail is not delivered until SMTP_URL is set';
  if (env.DEV_MAILBOX) {
    const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
    return `Listening on ${env.HOST}: development mailbox at http://${host}:${port}/dev/mailbox, reachable from this machine only`;
  }
  const reach = isLoopbackHost(env.HOST) ? 'reachable from this machine only' : 'reachable from the network';
  return `Listening on ${env.HOST}, ${reach}: no development mailbox; ${mail}`;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * What serving needs beyond a valid environment. In production result files must be sealed, so the
 * server does not start without the key (scripts that never touch a result, like db:migrate, do not
 * ask for it). Elsewhere the Node entry falls back to a key kept under DATA_DIR (node.ts).
 */
export function assertReadyToServe(env: Env): void {
  if (env.NODE_ENV === 'production' && !env.RESULTS_ENCRYPTION_KEY) {
    throw new EnvError(
      'Invalid environment configuration:\n' +
        `  RESULTS_ENCRYPTION_KEY: required in production, to seal result files: ${KEY_HINT}. ` +
        'Keep it in your secret store and back it up apart from the data: without it no result file can be opened. ' +
        '(`npm start` makes one under DATA_DIR by itself.)',
    );
  }
}

/** Parses the environment once at start-up; a bad value stops start-up with every problem listed. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = issue.path.join('.') || '(environment)';
    return `  ${key}: ${issue.message}`;
  });
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}
