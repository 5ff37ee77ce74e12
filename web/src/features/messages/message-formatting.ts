/** Messaging-app formatting: *bold*, _italic_, ~strike~, ```monospace```. Split on it, the marked parts are the odd ones. */
export const FORMATTING = /(```[\s\S]+?```|\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g;

/** A message's text without its formatting marks, on one line (a ticket card's last message). */
export function plainText(text: string): string {
  return text
    .split(FORMATTING)
    .map((part, index) => (index % 2 === 0 ? part : part.startsWith('```') ? part.slice(3, -3) : part.slice(1, -1)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
