import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * Case-insensitive "contains" that treats the search text literally (no `%`/`_` wildcards from
 * users) and behaves the same on SQLite, MySQL and PostgreSQL: `!` is declared as the escape
 * character because the three disagree on a default one.
 */
export function containsIgnoringCase(column: Expression<string>, text: string): RawBuilder<boolean> {
  const escaped = text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
  return sql<boolean>`lower(${column}) like ${`%${escaped}%`} escape '!'`;
}
