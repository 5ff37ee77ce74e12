import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { FORMATTING } from './message-formatting';

// Links open in a new tab.
const URL = /(https?:\/\/[^\s<>"'`]+)/g;

function linkify(text: string, key: string): ReactNode[] {
  return text.split(URL).map((part, index) =>
    index % 2 === 1 ? (
      <Link key={`${key}-${index}`} href={part} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** The text of a message with its formatting marks applied. */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(FORMATTING).map((part, index) => {
    const key = String(index);
    if (index % 2 === 0) return linkify(part, key);
    if (part.startsWith('```')) return <code key={key}>{part.slice(3, -3)}</code>;
    const inner = linkify(part.slice(1, -1), key);
    if (part.startsWith('*')) return <strong key={key}>{inner}</strong>;
    if (part.startsWith('_')) return <em key={key}>{inner}</em>;
    return <s key={key}>{inner}</s>;
  });
  return <>{parts}</>;
}
