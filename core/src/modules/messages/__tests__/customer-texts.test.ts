import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languages } from '@switchboard/sdk/contracts';
import { customerText, customerTextCatalogues } from '../customer-texts/customer-texts.js';
import { fillPlaceholders, type TemplateFacts } from '../message-template.js';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function textAt(tree: object, key: string): string {
  return key.split('.').reduce<any>((node, part) => node[part], tree) as string;
}

describe('customer text catalogues (DESIGN §8.14)', () => {
  const ptBrKeys = keysOf(customerTextCatalogues['pt-BR']).sort();

  it.each(languages.map((language) => [language]))('%s has the same keys as pt-BR', (language) => {
    expect(keysOf(customerTextCatalogues[language]).sort()).toEqual(ptBrKeys);
  });

  it.each(['en', 'es', 'tr'] as const)('%s is translated: no text is pt-BR copied, and the same {{values}} are kept', (language) => {
    for (const key of ptBrKeys) {
      const original = textAt(customerTextCatalogues['pt-BR'], key);
      const translated = textAt(customerTextCatalogues[language], key);
      expect([key, translated]).not.toEqual([key, original]);
      expect([key, translated.match(/\{\{\w+\}\}/g)?.sort()]).toEqual([key, original.match(/\{\{\w+\}\}/g)?.sort()]);
    }
  });

  it('answers in the language asked, pt-BR for a language the product does not have, and keeps spec placeholders', () => {
    expect(customerText('queue.position', { language: 'en', values: { position: 3 } })).toBe(
      '*Automatic message*:\nYou are number *3* in the queue. Please hold on, we will be with you shortly!',
    );
    expect(customerText('menu.invalidOption', { language: 'de' })).toBe('Opção inválida, por favor escolha uma opção válida.');
    expect(customerText('ticket.transferredToQueue', { language: 'es' })).toContain('*{{queue}}*');
  });
});

describe('the message template in the company language', () => {
  const facts = (language: string, now: string): TemplateFacts => ({
    contactName: 'Maria Clara',
    userName: 'Ana',
    protocol: '20261124',
    ticketId: 7,
    queueName: 'Vendas',
    connectionName: 'Loja',
    now: new Date(now),
    timeZone: 'America/Sao_Paulo',
    language,
  });
  const text = '{{ms}}, {{firstName}}! {{date}} {{hour}}';

  it('writes {{ms}}, {{date}} and {{hour}} as each language does, at the hour of the company zone', () => {
    // 14:30 UTC is 11:30 in São Paulo: still morning there.
    expect(fillPlaceholders(text, facts('pt-BR', '2026-03-05T14:30:00Z'))).toBe('Bom dia, Maria! 05/03/2026 11:30');
    expect(fillPlaceholders(text, facts('en', '2026-03-05T14:30:00Z'))).toBe('Good morning, Maria! 03/05/2026 11:30 AM');
    expect(fillPlaceholders(text, facts('es', '2026-03-05T19:30:00Z'))).toBe('Buenas tardes, Maria! 05/03/2026 16:30');
    expect(fillPlaceholders(text, facts('tr', '2026-03-05T23:30:00Z'))).toBe('İyi akşamlar, Maria! 05.03.2026 20:30');
  });
});

// The scan that keeps Portuguese out of the code that talks to customers: routing sends only catalogue texts and
// the company's own words, and elsewhere no literal is written straight into a message body.
const PORTUGUESE =
  /[áàâãéêíóôõúç]|\b(você|voce|olá|digite|mensagem|atendimento|obrigad[oa]|aguarde|opção|voltar|departamento|atendente|arquivo|avaliação|transferid[oa])\b/i;
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
const SENT = /\b(body|lastWords|heading):|bodies\.push\(|\.say\(/;

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The Portuguese literals of a source: all of them, or (sentOnly) those on a line that makes a message body. */
function portugueseLiterals(source: string, sentOnly: boolean): string[] {
  return withoutComments(source)
    .split('\n')
    .filter((line) => !sentOnly || SENT.test(line))
    .flatMap((line) => line.match(LITERAL) ?? [])
    .filter((literal) => PORTUGUESE.test(literal));
}

/** Service and step sources: routes, schemas and the OpenAPI document answer the API's callers, not customers. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'customer-texts' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !/(\.routes|\.schema|openapi)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The platform's password-recovery code goes to one of its own users, not to a company's customer. */
const NOT_TO_CUSTOMERS = ['auth/recovery.service.ts'];

describe('no Portuguese literal reaches a customer from the code', () => {
  it('the scan finds a literal written into a message, and not a catalogue text', () => {
    expect(portugueseLiterals("await this.tickets.say({ ticketId, body: 'Olá, tudo bem?' });", true)).toEqual(["'Olá, tudo bem?'"]);
    expect(portugueseLiterals('bodies.push(`Você foi transferido para ${queue}`);', true)).toHaveLength(1);
    expect(portugueseLiterals("bodies.push(customerText('ticket.transferredToQueue', { language }));", true)).toEqual([]);
    expect(portugueseLiterals("// Olá: a comment\nconst kind = 'pending';", false)).toEqual([]);
  });

  it('routing has none, and no other module writes one into a message body', () => {
    const scanned = sources(modules).filter((file) => !NOT_TO_CUSTOMERS.includes(path.relative(modules, file).split(path.sep).join('/')));
    expect(scanned.some((file) => file.endsWith('tickets.service.ts'))).toBe(true);
    const found = scanned.flatMap((file) =>
      portugueseLiterals(readFileSync(file, 'utf8'), !file.includes(`${path.sep}routing${path.sep}`)).map(
        (literal) => `${path.relative(modules, file)}: ${literal}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
