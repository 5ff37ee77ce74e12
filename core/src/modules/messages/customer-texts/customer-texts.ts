import i18next from 'i18next';
import { defaultLanguage, isLanguage, languages, type Language } from '@switchboard/sdk/contracts';
import { en } from './en.js';
import { es } from './es.js';
import { ptBR, type CustomerTextCatalogue } from './pt-BR.js';
import { tr } from './tr.js';

/** Every catalogue by language; pt-BR is the fallback of a missing text. */
export const customerTextCatalogues: Record<Language, CustomerTextCatalogue> = { 'pt-BR': ptBR, en, es, tr };

/** A text of the catalogues, as `group.key`. */
export type CustomerTextKey = {
  [Group in keyof CustomerTextCatalogue]: `${Group & string}.${keyof CustomerTextCatalogue[Group] & string}`;
}[keyof CustomerTextCatalogue];

// One instance for the server, apart from any other i18next use; the resources are in memory, so init is synchronous.
const catalogue = i18next.createInstance();
void catalogue.init({
  resources: Object.fromEntries(languages.map((language) => [language, { translation: customerTextCatalogues[language] }])),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  initAsync: false,
  showSupportNotice: false,
  // Texts go to chat channels, not HTML; and a {{placeholder}} not given here (the spec's {{name}}, {{queue}}...) stays
  // as written for the message template to fill when the text is sent.
  interpolation: { escapeValue: false, skipOnVariables: true },
});

/** The language a company writes to its customers in: its setting when it is one the product has, else pt-BR. */
export function customerLanguageOf(value: unknown): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

/** A text of the product to a customer, in the company's language, with its own values (e.g. { position: 2 }). */
export function customerText(key: CustomerTextKey, options: { language: string; values?: Record<string, string | number> }): string {
  return catalogue.t(key, { ...options.values, lng: customerLanguageOf(options.language) });
}
