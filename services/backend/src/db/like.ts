import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * The LIKE pattern for "contains `text`", lowercased, treating the text literally: no `%`/`_`
 * wildcards from users. `!` is the escape character (see likeIgnoringCase).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Case-insensitive LIKE against a pattern from containsPattern, the same on SQLite, MySQL and
 * PostgreSQL: `!` is declared as the escape character because the three disagree on a default.
 * The pattern is only a value here, so a query compiled once can bind a new one per call.
 */
export function likeIgnoringCase(column: Expression<string>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) like ${pattern} escape '!'`;
}

/** Case-insensitive "contains", the text taken literally. */
export function containsIgnoringCase(column: Expression<string>, text: string): RawBuilder<boolean> {
  return likeIgnoringCase(column, containsPattern(text));
}
