/** The text with LIKE's own characters (`%`, `_` and the escape `\`) escaped, so a search matches them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%` for like/ilike: rows containing the text as typed. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
