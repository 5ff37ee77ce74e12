/**
 * The languages the web app offers (spec 1 §2, the language picker) and the server writes to customers in;
 * pt-BR is the default and the fallback of both.
 */
export const languages = ['pt-BR', 'en', 'es', 'tr'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}
