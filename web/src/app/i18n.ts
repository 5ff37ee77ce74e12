import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import * as yup from 'yup';

import { languages } from '@switchboard/sdk/contracts';

// The server writes to customers in the same languages (a company's customerLanguage).
export { languages, type Language } from '@switchboard/sdk/contracts';

type Tree = { [key: string]: string | Tree };

// Each feature keeps its texts in `<feature>/locales/<language>.json`; they are merged per language here.
const files = import.meta.glob<{ default: Tree }>('../**/locales/*.json', { eager: true });

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return target;
}

const resources: Record<string, { translation: Tree }> = {};
for (const [path, module] of Object.entries(files)) {
  const language = path
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
  resources[language] ??= { translation: {} };
  merge(resources[language].translation, module.default);
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'pt-BR',
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: 'i18nextLng', caches: ['localStorage'] },
  });

// <html lang> follows the chosen language: screen readers, hyphenation and CSS text-transform (Turkish dotted İ) read it.
function markDocumentLanguage(language: string | undefined): void {
  if (typeof document !== 'undefined' && language) document.documentElement.lang = language;
}
i18n.on('languageChanged', markDocumentLanguage);
markDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);

/** Upper case as the chosen language writes it ('i' is 'İ' in Turkish). */
export function upperCase(text: string): string {
  return text.toLocaleUpperCase(i18n.resolvedLanguage ?? i18n.language ?? 'pt-BR');
}

// yup's own messages (a rule without a text of its own) in the chosen language, read when a form validates.
yup.setLocale({
  mixed: { required: () => i18n.t('validation.required'), notType: () => i18n.t('validation.invalid') },
  string: {
    min: ({ min }: { min: number }) => i18n.t('validation.min', { min }),
    max: ({ max }: { max: number }) => i18n.t('validation.max', { max }),
    email: () => i18n.t('validation.invalidEmail'),
  },
});

/** The server's validation words (spec 1 §5 keeps them in English) in the chosen language; other texts as sent. */
const serverValidationKeys: Record<string, string> = {
  Required: 'validation.required',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid email': 'validation.invalidEmail',
};
export function validationText(message: string): string {
  const key = serverValidationKeys[message];
  return key ? i18n.t(key) : message;
}

export { i18n };
