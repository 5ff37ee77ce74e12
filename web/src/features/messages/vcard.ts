/** A contact card (vCard 3.0) as sent and shown in conversations. */
export interface ContactCard {
  name: string;
  number: string;
}

/** The cards in a vCard text (several when a contact list was shared). */
export function parseVCards(text: string): ContactCard[] {
  const cards: ContactCard[] = [];
  for (const block of text.split(/END:VCARD/i)) {
    if (!/BEGIN:VCARD/i.test(block)) continue;
    const lines = block.split(/\r?\n/);
    const fullName = lines.find((line) => /^FN[:;]/i.test(line))?.replace(/^FN[^:]*:/i, '');
    const phone = lines.find((line) => /^(item\d+\.)?TEL[:;]/i.test(line));
    const waid = phone?.match(/waid=(\d+)/i)?.[1];
    const number = waid ?? phone?.replace(/^[^:]*:/, '').replace(/\D/g, '') ?? '';
    cards.push({ name: fullName?.trim() || number, number });
  }
  return cards;
}

export function buildVCard(card: ContactCard): string {
  const number = card.number.replace(/\D/g, '');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${card.name};;;`,
    `FN:${card.name}`,
    `TEL;type=CELL;waid=${number}:+${number}`,
    'END:VCARD',
  ].join('\n');
}
