/** A "contains" pattern for LIKE/ILIKE: `%` and `_` typed by a person are matched literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
