import type { IntegrationReply } from '@switchboard/sdk';
import type { protos } from '@google-cloud/dialogflow';
import type { DetectIntentResponse } from './dialogflow-sessions.js';

type IntentMessage = protos.google.cloud.dialogflow.v2.Intent.IMessage;
type StructValue = protos.google.protobuf.IValue;
type Struct = protos.google.protobuf.IStruct;

/** What the agent answered, as the conversation uses it. */
export interface AgentTurn {
  replies: IntegrationReply[];
  /** The texts of the options the last reply numbered, so that the contact may answer with a number. */
  choices: string[];
  /** The matched intent ends the conversation or asks for a person. */
  ended: boolean;
  intent?: string;
}

/** A numbered list under its title, as the contact answers it (the Typebot integration's format). */
export function numberedList(title: string | undefined, items: string[]): string {
  const list = items.map((item, index) => `${index + 1} - ${item}`).join('\n');
  return title?.trim() ? `${title.trim()}\n${list}` : list;
}

/**
 * The option the contact picked by its number, or the text as it is: Dialogflow matches the option's words, not
 * the number the channel showed.
 */
export function chosenText(text: string, choices: string[] | undefined): string {
  const match = /^\s*(\d{1,3})\s*[.)]?\s*$/.exec(text);
  const picked = match && choices ? choices[Number(match[1]) - 1] : undefined;
  return picked ?? text;
}

/** Reads Dialogflow's response: its fulfillment messages become replies, the intent says whether the bot is done. */
export function readAgentTurn(response: DetectIntentResponse): AgentTurn {
  const result = response.queryResult ?? {};
  const turn: AgentTurn = { replies: [], choices: [], ended: false, intent: result.intent?.displayName || undefined };
  for (const message of forThisChannel(result.fulfillmentMessages ?? [])) addMessage(turn, message);
  // An agent without rich messages answers with the fulfillment text alone.
  if (turn.replies.length === 0 && result.fulfillmentText?.trim()) turn.replies.push({ body: result.fulfillmentText.trim() });
  const diagnostics = result.diagnosticInfo ? plainStruct(result.diagnosticInfo) : {};
  turn.ended = Boolean(result.intent?.endInteraction || result.intent?.liveAgentHandoff || diagnostics.end_conversation === true);
  return turn;
}

/** The agent's default responses; another platform's (Facebook, Telegram...) only when it has no default ones. */
function forThisChannel(messages: IntentMessage[]): IntentMessage[] {
  const isDefault = (message: IntentMessage) =>
    message.platform === undefined || message.platform === null || message.platform === 0 || message.platform === 'PLATFORM_UNSPECIFIED';
  const defaults = messages.filter(isDefault);
  return defaults.length > 0 ? defaults : messages;
}

function addMessage(turn: AgentTurn, message: IntentMessage): void {
  if (message.text) {
    const body = (message.text.text ?? []).filter((line) => line.trim()).join('\n');
    if (body) turn.replies.push({ body });
  } else if (message.image?.imageUri) {
    turn.replies.push({ media: { url: message.image.imageUri } });
  } else if (message.quickReplies) {
    offer(turn, message.quickReplies.title ?? '', message.quickReplies.quickReplies ?? []);
  } else if (message.card) {
    const { title, subtitle, imageUri, buttons } = message.card;
    const options = (buttons ?? []).map((button) => button.text ?? '').filter((option) => option.trim());
    const heading = [title, subtitle].filter((line) => line?.trim()).join('\n');
    const body = options.length > 0 ? numberedList(heading, options) : heading;
    if (options.length > 0) turn.choices = options;
    if (imageUri) turn.replies.push({ media: { url: imageUri }, ...(body ? { body } : {}) });
    else if (body) turn.replies.push({ body });
  } else if (message.payload) {
    addPayload(turn, plainStruct(message.payload));
  }
}

/** A text with numbered options; the options are what the contact's next number stands for. */
function offer(turn: AgentTurn, title: string, options: string[]): void {
  const items = options.filter((option) => option.trim());
  if (items.length === 0) {
    if (title.trim()) turn.replies.push({ body: title.trim() });
    return;
  }
  turn.replies.push({ body: numberedList(title, items) });
  turn.choices = items;
}

/**
 * A custom payload, when it is simple: a `text`, or Dialogflow Messenger's `richContent` (info, description, image,
 * button, list, accordion and chips items). Anything else is meant for another client and is left out.
 */
function addPayload(turn: AgentTurn, payload: Record<string, unknown>): void {
  if (typeof payload.text === 'string' && payload.text.trim()) turn.replies.push({ body: payload.text.trim() });
  if (!Array.isArray(payload.richContent)) return;
  for (const card of payload.richContent) {
    const items = (Array.isArray(card) ? card : [card]).filter(isRecord);
    const lines: string[] = [];
    const options: string[] = [];
    for (const item of items) {
      const field = (key: string) => (typeof item[key] === 'string' ? (item[key] as string).trim() : '');
      switch (item.type) {
        case 'image':
          if (field('rawUrl')) turn.replies.push({ media: { url: field('rawUrl') } });
          break;
        case 'chips':
          for (const chip of Array.isArray(item.options) ? item.options.filter(isRecord) : []) {
            if (typeof chip.text === 'string' && chip.text.trim()) options.push(chip.text.trim());
          }
          break;
        case 'list':
          if (field('title')) options.push(field('title'));
          break;
        case 'button':
          lines.push([field('text'), field('link')].filter(Boolean).join(': '));
          break;
        default: {
          // info, description and accordion: a title, a subtitle and lines of text.
          const text = Array.isArray(item.text) ? item.text.filter((line): line is string => typeof line === 'string') : [field('text')];
          lines.push(...[field('title'), field('subtitle'), ...text, field('actionLink')].filter((line) => line.trim()));
        }
      }
    }
    const heading = lines.filter(Boolean).join('\n');
    if (options.length > 0) offer(turn, heading, options);
    else if (heading) turn.replies.push({ body: heading });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** A google.protobuf.Struct as the client decodes it ({ fields: { key: { stringValue } } }), as plain JSON. */
export function plainStruct(struct: Struct): Record<string, unknown> {
  return Object.fromEntries(Object.entries(struct.fields ?? {}).map(([key, value]) => [key, plainValue(value)]));
}

function plainValue(value: StructValue): unknown {
  if (value.structValue) return plainStruct(value.structValue);
  if (value.listValue) return (value.listValue.values ?? []).map(plainValue);
  if (value.stringValue !== undefined && value.stringValue !== null) return value.stringValue;
  if (value.boolValue !== undefined && value.boolValue !== null) return value.boolValue;
  if (value.numberValue !== undefined && value.numberValue !== null) return value.numberValue;
  return null;
}
