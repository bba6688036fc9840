import { type Kysely, sql } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../platform/password.ts';
import { assertStrongPassword } from '../../platform/password-strength.ts';

export async function createAdmin(
  db: Kysely<Database>,
  input: { email: string; name: string; password: string },
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  assertStrongPassword(input.password, [email, input.name]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email).executeTakeFirst();
    if (taken) throw new AppError('CONFLICT', { field: 'email' });
    const user = await tx
      .insertInto('users')
      .values({ email, password_hash: passwordHash, email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('user_profiles').values({ id: user.id, name: input.name, user_type: 'admin', approved: true }).execute();
    return { id: user.id, email };
  });
}
