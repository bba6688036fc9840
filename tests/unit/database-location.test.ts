import { describe, expect, it } from 'vitest';
import { redactPassword } from '../../src/server/db/connect.ts';

// What the start-up line says about the database: where it is, never its password.
describe('the database location in the logs', () => {
  it('hides the password of a server URL', () => {
    expect(redactPassword('postgresql://tahaleel:s3cret%40x@db.internal:5432/tahaleel?sslmode=require')).toBe(
      'postgresql://tahaleel:***@db.internal:5432/tahaleel?sslmode=require',
    );
  });

  it('keeps a URL without a password as it is', () => {
    expect(redactPassword('postgres://postgres@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('takes a Unix socket URL, which is no WHATWG URL (the server used to stop at start-up)', () => {
    expect(redactPassword('postgresql://postgres@/tahaleel?host=/var/run/postgresql')).toBe(
      'postgresql://postgres@/tahaleel?host=/var/run/postgresql',
    );
    expect(redactPassword('postgresql://me:pw@/tahaleel?host=/run/postgresql')).toBe('postgresql://me:***@/tahaleel?host=/run/postgresql');
  });
});
