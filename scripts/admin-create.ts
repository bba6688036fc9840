// `npm run admin:create -- --email a@b.sa --name "..."`: admins are never created by sign-up.
// The password is read from ADMIN_PASSWORD or asked for on the terminal, never taken as an argument.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { parseEnv } from '../src/server/env.ts';
import { createAdmin } from '../src/server/modules/admin/admin-accounts.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const input = z
  .object({ email: z.email(), name: z.string().trim().min(1) })
  .safeParse({ email: values.email, name: values.name ?? 'Admin' });
if (!input.success) {
  console.error('Usage: npm run admin:create -- --email admin@example.sa [--name "Name"]');
  process.exit(1);
}

let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (8–128 characters): ');
  rl.close();
}
if (password.length < 8 || password.length > 128) {
  console.error('The password must have 8 to 128 characters.');
  process.exit(1);
}

const env = parseEnv(process.env);
const { db } = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateToLatest(db);
  const admin = await createAdmin(db, { ...input.data, password });
  console.log(`Admin ${admin.email} created (${admin.id}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
