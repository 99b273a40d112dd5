import 'server-only';

/** A `LIKE`/`ILIKE` pattern matching `text` anywhere, its own `\`, `%` and `_` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
