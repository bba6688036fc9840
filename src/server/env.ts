import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('./.data'),
    PUBLIC_URL: optionalUrl,
    /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
    TRUST_PROXY: z.stringbool().default(false),
    /** The simulated lab-test payment's wait (the spec's 2 s); tests and benchmarks set 0. */
    PAYMENT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_TOKEN_URL: optionalUrl,
    STORE_API_URL: optionalUrl,
    STORE_ID: optionalText,
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
  .refine((env) => Boolean(env.STORE_API_URL) === Boolean(env.STORE_ID), {
    path: ['STORE_ID'],
    message: 'set STORE_API_URL and STORE_ID together, or neither',
    when: () => true,
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
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
