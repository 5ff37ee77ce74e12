/**
 * WhatsApp's text formatting (`*bold*`, `_italic_`, `~strike~`, ```` ```monospace``` ````, `` `code` ``, line breaks
 * and bare links), parsed into a small tree and rendered with DOM nodes only: visitor and agent text never reaches
 * innerHTML, and a link is made only of an http(s) address.
 */

export type FormatNode =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; text: string }
  | { type: 'bold' | 'italic' | 'strike'; children: FormatNode[] };

const STYLES: Record<string, 'bold' | 'italic' | 'strike'> = { '*': 'bold', _: 'italic', '~': 'strike' };
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const URL_START = /^(?:https?:\/\/|www\.)[^\s<>"]+/i;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?'")\]}*_~]+$/;

/** The address a link may point at: http(s) only, absolute; anything else is not a link. */
export function safeHref(candidate: string): string | undefined {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD.test(ch);
}

/** A marker opens a span when it starts a word: nothing word-like before it, a non-space after it. */
function opensAt(text: string, i: number): boolean {
  const next = text[i + 1];
  return !isWordChar(text[i - 1]) && next !== undefined && !SPACE.test(next) && next !== text[i];
}

/** Where the span opened at `start` closes: the same marker after a non-space, with nothing word-like after it. */
function closingIndex(text: string, start: number): number {
  const marker = text[start];
  for (let j = start + 2; j < text.length; j += 1) {
    if (text[j] === marker && !SPACE.test(text[j - 1]!) && !isWordChar(text[j + 1])) return j;
  }
  return -1;
}

function linkAt(text: string, i: number): { href: string; text: string } | undefined {
  if (isWordChar(text[i - 1])) return undefined;
  const match = URL_START.exec(text.slice(i));
  if (!match) return undefined;
  const raw = match[0].replace(TRAILING, '');
  const href = raw.length > 4 ? safeHref(raw) : undefined;
  return href ? { href, text: raw } : undefined;
}

/** One line's inline spans. */
function parseInline(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const link = linkAt(text, i);
    if (link) {
      flush();
      nodes.push({ type: 'link', ...link });
      i += link.text.length;
      continue;
    }
    if (ch === '`' && opensAt(text, i)) {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        nodes.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    const style = STYLES[ch];
    if (style && opensAt(text, i)) {
      const end = closingIndex(text, i);
      if (end > 0) {
        flush();
        nodes.push({ type: style, children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    plain += ch;
    i += 1;
  }
  flush();
  return nodes;
}

function parseLines(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (index > 0) nodes.push({ type: 'break' });
    nodes.push(...parseInline(line));
  });
  return nodes;
}

/** The formatting tree of a message body. Monospace blocks (```) may span lines and keep their text as it is. */
export function parseWhatsAppFormat(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf('```');
    const close = open >= 0 ? rest.indexOf('```', open + 3) : -1;
    if (open < 0 || close <= open + 3) break;
    nodes.push(...parseLines(rest.slice(0, open)));
    nodes.push({ type: 'code', text: rest.slice(open + 3, close) });
    rest = rest.slice(close + 3);
  }
  nodes.push(...parseLines(rest));
  return nodes;
}

/** The text of a message without its formatting marks (for a preview or a title). */
export function plainText(nodes: FormatNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'break') return '\n';
      if ('children' in node) return plainText(node.children);
      return node.text;
    })
    .join('');
}

const TAGS = { bold: 'strong', italic: 'em', strike: 's' } as const;

function appendNodes(parent: Node, nodes: FormatNode[], doc: Document): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        parent.appendChild(doc.createTextNode(node.text));
        break;
      case 'break':
        parent.appendChild(doc.createElement('br'));
        break;
      case 'code': {
        const code = doc.createElement('code');
        code.textContent = node.text;
        parent.appendChild(code);
        break;
      }
      case 'link': {
        const link = doc.createElement('a');
        link.href = node.href;
        link.textContent = node.text;
        link.target = '_blank';
        link.rel = 'noopener noreferrer nofollow';
        parent.appendChild(link);
        break;
      }
      default: {
        const element = doc.createElement(TAGS[node.type]);
        appendNodes(element, node.children, doc);
        parent.appendChild(element);
      }
    }
  }
}

/** The message body as DOM nodes: elements and text nodes only, never parsed HTML. */
export function renderWhatsAppFormat(text: string, doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  appendNodes(fragment, parseWhatsAppFormat(text), doc);
  return fragment;
}
