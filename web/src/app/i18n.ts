import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const languages = ['pt-BR', 'en', 'es', 'tr'] as const;
export type Language = (typeof languages)[number];

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

export { i18n };
