import type { RichTextNode } from './typebot-api.js';

/** Elements that hold lines rather than words. */
const BLOCK_TYPES = new Set(['p', 'variable', 'ul', 'ol', 'li', 'lic', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * A Typebot text bubble's rich text in the messaging channels' formatting: *bold*, _italic_, ~strikethrough~, a link
 * as its label and address, each paragraph a line (an empty paragraph an empty line).
 */
export function richTextToChannelText(nodes: RichTextNode[] | undefined): string {
  return renderBlocks(nodes ?? []).trimEnd();
}

function renderBlocks(nodes: RichTextNode[]): string {
  return nodes.map((node) => renderNode(node)).join('\n');
}

function renderNode(node: RichTextNode): string {
  const children = node.children ?? [];
  if (node.type === 'ul' || node.type === 'ol') {
    return children.map((item, index) => `${node.type === 'ol' ? `${index + 1}.` : '-'} ${renderNode(item)}`).join('\n');
  }
  if (node.type === 'a') return renderLink(node);
  if (!node.type && typeof node.text === 'string') return renderLeaf(node);
  // An element of lines (a variable holding paragraphs) keeps its lines; one of words joins them.
  if (children.some((child) => child.type && BLOCK_TYPES.has(child.type))) return renderBlocks(children);
  return children.map((child) => renderNode(child)).join('');
}

function renderLink(node: RichTextNode): string {
  const label = (node.children ?? []).map((child) => renderNode(child)).join('');
  if (!node.url) return label;
  const plainLabel = label.replace(/[*_~]/g, '').trim();
  return plainLabel && plainLabel !== node.url ? `${label} (${node.url})` : node.url;
}

function renderLeaf(leaf: RichTextNode): string {
  let text = leaf.text ?? '';
  if (leaf.strikethrough) text = wrap(text, '~');
  if (leaf.italic) text = wrap(text, '_');
  if (leaf.bold) text = wrap(text, '*');
  return text;
}

/** WhatsApp-style marks only work hugging the words: spaces stay outside them. */
function wrap(text: string, mark: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  if (!match || !match[2]) return text;
  return `${match[1]}${mark}${match[2]}${mark}${match[3]}`;
}
