// `npm run lab:api-key -- --lab-email lab@example.sa --name "LIS"`: an API key for a lab's own laboratory
// information system (issue #53 item 3, ADR 0059), as the lab makes one under Settings. The key is printed
// alone on the last line, once: only its SHA-256 is kept. Against a PostgreSQL DATABASE_URL it runs
// beside the server; the embedded database is refused while the server has it open (ADR 0018).
// Compiled: node dist/node/scripts/lab-api-key.js --lab-email … --name …
import { parseArgs } from 'node:util';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { EnvError, parseEnv } from '../src/server/env.ts';
import { createKeyForLabEmail } from '../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { AppError } from '../src/shared/errors.ts';
import { LAB_API_KEY_NAME_MAX, LAB_API_KEYS_ACTIVE_MAX, labApiKeyName } from '../src/shared/lab-api-key-schemas.ts';

const USAGE = 'Usage: npm run lab:api-key -- --lab-email lab@example.sa --name "Name of the system"';

/** What the operator is told when the key cannot be made, by the service's refusal. */
function refusal(error: AppError, email: string, name: string): string {
  switch (error.code) {
    case 'NOT_FOUND':
      return `No account has the e-mail ${email}.`;
    case 'FORBIDDEN':
      return `The account ${email} is not a lab.`;
    case 'LAB_NOT_APPROVED':
      return `The lab ${email} is not approved yet: an administrator approves it first.`;
    case 'CONFLICT':
      return error.details.reason === 'api_key_limit'
        ? `The lab ${email} already has ${LAB_API_KEYS_ACTIVE_MAX} working keys: revoke one in its dashboard (Settings) first.`
        : `The lab ${email} already has a working key named "${name}": choose another name.`;
    default:
      return `The key could not be made (${error.code}).`;
  }
}

let args: { 'lab-email'?: string; name?: string };
try {
  args = parseArgs({ options: { 'lab-email': { type: 'string' }, name: { type: 'string' } } }).values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(1);
}
const email = args['lab-email']?.trim();
if (!email) {
  console.error(`--lab-email is required.\n${USAGE}`);
  process.exit(1);
}
const name = labApiKeyName.safeParse(args.name ?? '');
if (!name.success) {
  console.error(`--name is required: 1 to ${LAB_API_KEY_NAME_MAX} characters, e.g. the name of the lab's system.\n${USAGE}`);
  process.exit(1);
}

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
let db: Awaited<ReturnType<typeof connectDatabase>>['db'];
try {
  ({ db } = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
} catch (error) {
  // The embedded database held by a running server: the message names it and says what to do.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
try {
  await migrateToLatest(db);
  const made = await createKeyForLabEmail(db, { labEmail: email, name: name.data });
  console.log(`API key "${name.data}" made for the lab ${email} (key ${made.id}). It is shown this once; keep it in the lab's system:`);
  console.log(made.key);
} catch (error) {
  console.error(error instanceof AppError ? refusal(error, email, name.data) : error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
