/**
 * Escapes LIKE's wildcards (and its escape character, a backslash, PostgreSQL's default) so a
 * user's '%' or '_' matches itself.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern that matches text holding `text` anywhere, wildcards in it taken literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
