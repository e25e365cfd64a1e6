import postgres from 'postgres';

/** Runs one compiled-once statement's text with its values; resolves to its rows. */
export type StatementRunner = (text: string, values: unknown[]) => Promise<unknown[]>;

/** Asks the server to plan each named statement once, for any values (a generic plan). */
const GENERIC_PLANS = { plan_cache_mode: 'force_generic_plan' };

/**
 * The connections that run compiled-once statements on PostgreSQL (db/compiled-once.ts: the token
 * check of every request, the course lists), as named statements planned generically.
 *
 * - Postgres.js, not node-postgres: it sends the requests of one turn down a connection together
 *   (pipelining) and reads their rows with less work. On a teacher's course list, 50 at a time on
 *   5 connections: 3,470–3,860 lists/s at 148–157 µs of client CPU a list, against 2,460–2,640 at
 *   256–278 µs (docs/decisions.md, issue 18 round 7). Rows come back in the same shapes (int8 and
 *   numeric as strings, text as text); the rest of the backend stays on node-postgres through
 *   Kysely.
 * - Generic plans: parsing, analysing and planning the course list's text on every call were 58 %
 *   of PostgreSQL's CPU under load, and PostgreSQL's own choice kept planning it afresh (its
 *   custom plans came out a few per cent cheaper than the generic one, and identical in shape).
 *   The setting goes in the connection's startup packet. A server that refuses it (before
 *   PostgreSQL 12, or a PgBouncer that does not pass it on) refuses the connection: the runner
 *   then connects without it once, and the server plans as it chooses.
 */
export function postgresStatementRunner(
  url: string,
  size: number,
): { run: StatementRunner; end: () => Promise<void> } {
  const connect = (planGenerically: boolean) =>
    postgres(url, {
      max: size,
      prepare: true,
      // node-postgres sends undefined as null, and the statements were written against it.
      transform: { undefined: null },
      onnotice: () => undefined,
      ...(planGenerically ? { connection: GENERIC_PLANS } : {}),
    });
  let planningGenerically = true;
  let client = connect(true);

  const run: StatementRunner = async (text, values) => {
    const asked = client;
    try {
      return await asked.unsafe(text, values as postgres.ParameterOrJSON<never>[], { prepare: true });
    } catch (error) {
      if (!planningGenerically || !refusesGenericPlans(error)) throw error;
      if (client === asked) {
        planningGenerically = false;
        client = connect(false);
        void asked.end({ timeout: 0 });
      }
      return client.unsafe(text, values as postgres.ParameterOrJSON<never>[], { prepare: true });
    }
  };
  return { run, end: () => client.end({ timeout: 5 }) };
}

/** PostgreSQL before 12 (unrecognized configuration parameter) or PgBouncer (unsupported startup parameter). */
function refusesGenericPlans(error: unknown): boolean {
  return error instanceof Error && error.message.includes('plan_cache_mode');
}
