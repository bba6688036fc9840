import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Start a query's SQL with this comment to run it as a named prepared statement on PostgreSQL. */
export const PREPARE = '/* prepare */';

/**
 * Hands Kysely a pool whose clients run marked queries as named prepared statements, so a hot query
 * (search) is planned once per connection instead of on every request. Unmarked queries pass through.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // A statement's name is a hash of its text, worked out once per text: hashing it on every query cost
  // ~17 µs of the server's CPU (bench:search, uncached). The marked texts are the code's templates, a
  // few dozen; past a thousand, something marks texts that vary, and the names start over.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `tahaleel_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      if (names.size >= 1000) names.clear();
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text === 'string' && text.startsWith(PREPARE)) {
            return client.query({ name: nameOf(text), text, values });
          }
          return client.query(text as string, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * A hot query built and compiled once per database, then run as a named prepared statement (see
 * `PREPARE`) with each call's arguments as its parameters: e.g. the session lookup every signed-in
 * request makes, which cost ~2 ms of PostgreSQL's CPU to plan and a tenth of that to run (bench:abuse),
 * and ~50–100 µs of the server's CPU to build and compile with Kysely.
 *
 * `build` may use its arguments only as values of the query, never to choose its shape: it is called
 * once, with stand-ins, and each call's arguments take the stand-ins' places among the parameters.
 */
export function preparedOnce<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<DB>, { query: CompiledQuery<Row>; argumentAt: number[] }>();
  return async (db, ...args) => {
    let prepared = compiledFor.get(db);
    if (!prepared) {
      // Each stand-in is an object equal to itself alone, so its places among the parameters are its own.
      const standIns = args.map(() => ({})) as Args;
      const compiled = build(db, ...standIns).compile();
      const argumentAt = compiled.parameters.map((value) => standIns.indexOf(value));
      if (standIns.some((standIn) => !compiled.parameters.includes(standIn))) {
        throw new Error('preparedOnce: every argument must be a value of the query');
      }
      prepared = { query: { ...compiled, sql: `${PREPARE} ${compiled.sql}` }, argumentAt };
      compiledFor.set(db, prepared);
    }
    const { query, argumentAt } = prepared;
    const parameters = query.parameters.map((value, index) => {
      const at = argumentAt[index]!;
      return at === -1 ? value : args[at];
    });
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}
