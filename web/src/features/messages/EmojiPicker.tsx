import Picker from '@emoji-mart/react';
import data from '@emoji-mart/data';
import en from '@emoji-mart/data/i18n/en.json';
import es from '@emoji-mart/data/i18n/es.json';
import pt from '@emoji-mart/data/i18n/pt.json';
import tr from '@emoji-mart/data/i18n/tr.json';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../../app/color-mode';

// The picker's own texts are given here: without them emoji-mart would fetch them from a CDN.
const texts: Record<string, unknown> = { 'pt-BR': pt, en, es, tr };

/** emoji-mart's picker in the app's language and theme; loaded lazily (its data is large). */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { i18n } = useTranslation();
  const { mode } = useColorMode();
  const language = i18n.resolvedLanguage ?? 'pt-BR';
  return (
    <Picker
      data={data}
      i18n={texts[language] ?? pt}
      theme={mode}
      previewPosition="none"
      skinTonePosition="none"
      onEmojiSelect={(emoji: { native: string }) => onPick(emoji.native)}
    />
  );
}
