import { type SqlBool, sql } from 'kysely';
import { containing } from './keyset-page.ts';

// What a search box finds among requests for new tests, in the lab's list (lab.testRequests) and the
// admin's (admin.testRequests) alike: both read `test_requests` under its own name.

/** A request by the name of the test it asks for, in Arabic or English. */
export function testRequestMatches(q: string) {
  const pattern = containing(q);
  return sql<SqlBool>`(test_requests.test_name_ar ilike ${pattern} or test_requests.test_name_en ilike ${pattern})`;
}
