import type { CampaignVariable } from './campaign-settings.service.js';

/** Who a campaign message is for: what {nome}, {numero} and {email} become. */
export interface Recipient {
  name: string;
  number: string;
  email: string;
}

/** Fills {nome}, {numero}, {email} and the company's custom variables ({key}); unknown placeholders stay as typed. */
export function fillCampaignMessage(text: string, recipient: Recipient, variables: readonly CampaignVariable[]): string {
  const values = new Map<string, string>([
    ['nome', recipient.name],
    ['numero', recipient.number],
    ['email', recipient.email],
  ]);
  for (const variable of variables) if (!values.has(variable.key)) values.set(variable.key, variable.value);
  return text.replace(/\{([^{}\s]+)\}/g, (whole, key: string) => values.get(key) ?? whole);
}

/** One of the campaign's texts for a recipient: they take turns by shipping id, so each recipient has its own. */
export function chosenText(texts: readonly string[], shippingId: number): string | undefined {
  return texts.length > 0 ? texts[shippingId % texts.length] : undefined;
}
