import { describe, expect, it } from '@jest/globals';
import { parseWhatsAppFormat, plainText, safeHref } from '../whatsapp-format.js';
import { widgetLanguage } from '../widget-texts.js';

const text = (value: string) => ({ type: 'text', text: value });

describe('WhatsApp formatting', () => {
  it('reads bold, italic, strike and monospace spans', () => {
    expect(parseWhatsAppFormat('*negrito* _itálico_ ~riscado~ ```mono``` `code`')).toEqual([
      { type: 'bold', children: [text('negrito')] },
      text(' '),
      { type: 'italic', children: [text('itálico')] },
      text(' '),
      { type: 'strike', children: [text('riscado')] },
      text(' '),
      { type: 'code', text: 'mono' },
      text(' '),
      { type: 'code', text: 'code' },
    ]);
  });

  it('reads the queue menu of the chatbot as users saw it raw', () => {
    expect(parseWhatsAppFormat('*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte')).toEqual([
      { type: 'bold', children: [text('[ 1 ]')] },
      text(' - Vendas'),
      { type: 'break' },
      { type: 'bold', children: [text('[ 2 ]')] },
      text(' - Suporte'),
    ]);
  });

  it('nests spans and keeps the signature of an agent', () => {
    expect(parseWhatsAppFormat('*Admin:*\n_*urgente*_')).toEqual([
      { type: 'bold', children: [text('Admin:')] },
      { type: 'break' },
      { type: 'italic', children: [{ type: 'bold', children: [text('urgente')] }] },
    ]);
  });

  it('leaves markers that do not open or close a word as text', () => {
    for (const literal of ['2 * 3 * 4', 'snake_case_name', 'a * b', '**', '*not closed', 'x*y*z', '* spaced *'])
      expect(plainText(parseWhatsAppFormat(literal))).toBe(literal);
    expect(parseWhatsAppFormat('snake_case_name')).toEqual([text('snake_case_name')]);
  });

  it('keeps monospace blocks over several lines as they are, markers included', () => {
    expect(parseWhatsAppFormat('antes ```*a*\n_b_``` depois')).toEqual([
      text('antes '),
      { type: 'code', text: '*a*\n_b_' },
      text(' depois'),
    ]);
  });

  it('turns http(s) addresses into links, without the punctuation after them and without reading markers inside them', () => {
    expect(parseWhatsAppFormat('Veja https://loja.example.com/_a_b_?x=1. Ou www.example.com!')).toEqual([
      text('Veja '),
      { type: 'link', href: 'https://loja.example.com/_a_b_?x=1', text: 'https://loja.example.com/_a_b_?x=1' },
      text('. Ou '),
      { type: 'link', href: 'https://www.example.com/', text: 'www.example.com' },
      text('!'),
    ]);
    expect(parseWhatsAppFormat('*https://loja.example.com*')).toEqual([
      { type: 'bold', children: [{ type: 'link', href: 'https://loja.example.com/', text: 'https://loja.example.com' }] },
    ]);
  });

  it('never makes a link of another scheme, nor a text that only looks like markup', () => {
    for (const unsafe of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '<a href="https://x.com">x</a>',
    ]) {
      const nodes = parseWhatsAppFormat(unsafe);
      expect(nodes.filter((node) => node.type === 'link' && !node.href.startsWith('https://x.com'))).toEqual([]);
      expect(plainText(nodes)).toBe(unsafe);
    }
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('https://example.com/ok')).toBe('https://example.com/ok');
    expect(safeHref('www.example.com')).toBe('https://www.example.com/');
  });

  it('keeps line breaks, also Windows ones', () => {
    expect(parseWhatsAppFormat('um\r\ndois\n\ntrês')).toEqual([
      text('um'),
      { type: 'break' },
      text('dois'),
      { type: 'break' },
      { type: 'break' },
      text('três'),
    ]);
  });
});

describe("the visitor's language", () => {
  it('follows the browser: any regional variant of the four languages, pt-BR otherwise', () => {
    expect(widgetLanguage(['en-US', 'pt-BR'])).toBe('en');
    expect(widgetLanguage(['es-AR'])).toBe('es');
    expect(widgetLanguage(['tr'])).toBe('tr');
    expect(widgetLanguage(['pt-PT'])).toBe('pt-BR');
    expect(widgetLanguage(['de-DE', 'fr'])).toBe('pt-BR');
    expect(widgetLanguage(['de-DE', 'es'])).toBe('es');
    expect(widgetLanguage([])).toBe('pt-BR');
  });
});
