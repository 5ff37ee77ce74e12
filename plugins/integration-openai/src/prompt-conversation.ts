import type { ConversationMessage, IntegrationConversation } from '@switchboard/sdk';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { PromptSettings } from './prompt-settings.js';

/** The contact's first name, as the model should address them. */
export function firstNameOf(contactName: string): string {
  return contactName.trim().split(/\s+/)[0] ?? '';
}

/** The admin's prompt followed by the house rules every prompt answers by. */
export function systemInstructions(settings: PromptSettings, conversation: IntegrationConversation): string {
  const firstName = firstNameOf(conversation.contact.name);
  const rules = [
    firstName ? `The customer's first name is ${firstName}; address them by it.` : undefined,
    'Answer in short messages, as in a chat, in the language the customer writes in' +
      ` (the company's language is ${conversation.language}).`,
    `When the customer asks to talk to a person (a human attendant), answer exactly "${settings.handOffPhrase}" and nothing else.`,
  ].filter(Boolean);
  return `${settings.prompt}\n\n${rules.join('\n')}`;
}

/** The earlier messages as chat turns (the company's as the assistant's), oldest first, without empty ones. */
function historyTurns(history: ConversationMessage[], maxMessages: number): ChatCompletionMessageParam[] {
  const recent = maxMessages > 0 ? history.slice(-maxMessages) : [];
  return recent
    .filter((message) => message.body.trim() !== '')
    .map((message) => ({ role: message.fromMe ? 'assistant' : 'user', content: message.body }));
}

/** The chat completion's messages: instructions, the ticket's recent turns, then what the customer just said. */
export function chatMessages(
  settings: PromptSettings,
  conversation: IntegrationConversation,
  customerText: string,
): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: systemInstructions(settings, conversation) },
    ...historyTurns(conversation.history, settings.maxMessages),
    { role: 'user', content: customerText },
  ];
}

/**
 * The phrase as a pattern that ignores case and how the whitespace between its words is written, with the quotes
 * and the full stop the model may put around it.
 */
function phrasePattern(phrase: string): RegExp | undefined {
  const words = phrase.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`["'“”]?${escaped.join('\\s+')}["'“”]?[.!:;]*`, 'iu');
}

/**
 * Splits the model's answer on the hand-off phrase: `handOff` when the phrase is in it, and whatever else the model
 * said (without the phrase) as the text to send, which may be empty.
 */
export function readHandOff(answer: string, phrase: string): { handOff: boolean; text: string } {
  const pattern = phrasePattern(phrase);
  const normalisedAnswer = answer.normalize('NFC');
  if (!pattern || !pattern.test(normalisedAnswer)) return { handOff: false, text: answer.trim() };
  const rest = normalisedAnswer
    .replace(pattern, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return { handOff: true, text: /[\p{L}\p{N}]/u.test(rest) ? rest : '' };
}
