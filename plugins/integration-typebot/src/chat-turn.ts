import type { IntegrationReply, IntegrationResult } from '@switchboard/sdk';
import { richTextToChannelText } from './rich-text.js';
import type { RichTextNode, TypebotChatAnswer, TypebotInput, TypebotMessage } from './typebot-api.js';

/** The items of the choice the bot waits on, in the order the contact sees them numbered. */
export interface PendingChoice {
  items: string[];
  multiple: boolean;
}

/**
 * A flow's instruction to Switchboard, written as a text bubble `#{"queueId": 2}` (the convention of Whaticket-style
 * flows): move the ticket to a queue and/or user, close it (`closeTicket`), or hand it to a person (`stopBot`).
 */
export type FlowCommand = Pick<IntegrationResult, 'transfer' | 'close' | 'handOff'>;

/** One answer of Typebot, as replies to send and what to remember. */
export interface ChatTurn {
  replies: IntegrationReply[];
  choice?: PendingChoice;
  /** Typebot did not take the contact's answer and asks again (its retry message). */
  retried: boolean;
  /** The flow reached its end: no input waits. */
  ended: boolean;
  command?: FlowCommand;
}

/** Reads Typebot's answer: bubbles become replies (text in the channel's formatting, files by URL), a choice a numbered list. */
export function readChatTurn(answer: TypebotChatAnswer, unknownMessage?: string): ChatTurn {
  const input = answer.input;
  // Typebot's retry bubble carries the id of the input block it asks again.
  const retried = Boolean(input && answer.messages.some((message) => message.id === input.id));
  const waits = waitsAfterBubbles(answer);
  const replies: IntegrationReply[] = [];
  let command: FlowCommand | undefined;
  let pause = 0;
  if (retried && unknownMessage) {
    replies.push({ body: unknownMessage });
  } else {
    for (const message of answer.messages) {
      const reply = replyFor(message);
      const flowCommand = reply?.body ? commandIn(reply.body) : undefined;
      if (flowCommand) {
        command = { ...command, ...flowCommand };
      } else if (reply) {
        replies.push(pause ? { ...reply, delayMs: pause } : reply);
        pause = 0;
      }
      pause += waits.get(message.id) ?? 0;
    }
  }
  const choice = input ? choiceOf(input) : undefined;
  if (choice) appendList(replies, choice);
  return { replies, choice, retried, ended: !input, command };
}

/**
 * The contact's answer as Typebot expects it: a number picks the listed item (several numbers, for a multiple
 * choice), a text equal to an item but for case is that item; anything else goes as typed for Typebot to judge.
 */
export function answerFor(text: string, choice: PendingChoice | undefined): string {
  const typed = text.trim();
  if (!choice) return typed;
  const byNumber = (token: string) => (/^\d+$/.test(token) ? choice.items[Number(token) - 1] : undefined);
  if (choice.multiple) {
    const picked = typed
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(byNumber);
    if (picked.length > 0 && picked.every((item) => item !== undefined)) return picked.join(', ');
    return typed;
  }
  return byNumber(typed) ?? choice.items.find((item) => item.toLowerCase() === typed.toLowerCase()) ?? typed;
}

/** Every reply after the first waits the integration's pause (typebotDelayMessage), plus any wait block of the flow. */
export function withPauses(replies: IntegrationReply[], delayMs: number): IntegrationReply[] {
  return replies.map((reply, index) => {
    const pause = (index > 0 ? delayMs : 0) + (reply.delayMs ?? 0);
    return pause > 0 ? { ...reply, delayMs: pause } : { ...reply, delayMs: undefined };
  });
}

function replyFor(message: TypebotMessage): IntegrationReply | undefined {
  const content = (message.content ?? {}) as Record<string, unknown>;
  const url = typeof content.url === 'string' && content.url ? content.url : undefined;
  switch (message.type) {
    case 'text': {
      const body =
        content.type === 'markdown' && typeof content.markdown === 'string'
          ? content.markdown
          : richTextToChannelText(content.richText as RichTextNode[] | undefined);
      return body.trim() ? { body } : undefined;
    }
    case 'image':
    case 'audio':
      return url ? { media: { url, fileName: fileNameOf(url) } } : undefined;
    case 'video':
      // A YouTube or Vimeo video is a page, not a file: its link is sent.
      if (!url) return undefined;
      return content.type && content.type !== 'url' ? { body: url } : { media: { url, fileName: fileNameOf(url) } };
    case 'embed':
      return url ? { body: url } : undefined;
    default:
      return undefined;
  }
}

function choiceOf(input: TypebotInput): PendingChoice | undefined {
  if (input.type !== 'choice input' && input.type !== 'picture choice input') return undefined;
  const items = (input.items ?? []).map((item) => (item.content ?? item.title ?? '').trim()).filter(Boolean);
  return items.length > 0 ? { items, multiple: Boolean(input.options?.isMultipleChoice) } : undefined;
}

/** The numbered list goes under the question it answers, when the last reply is a text. */
function appendList(replies: IntegrationReply[], choice: PendingChoice): void {
  const list = choice.items.map((item, index) => `${index + 1} - ${item}`).join('\n');
  const last = replies[replies.length - 1];
  if (last?.body && !last.media) replies[replies.length - 1] = { ...last, body: `${last.body}\n\n${list}` };
  else replies.push({ body: list });
}

function waitsAfterBubbles(answer: TypebotChatAnswer): Map<string, number> {
  const waits = new Map<string, number>();
  for (const action of answer.clientSideActions ?? []) {
    const seconds = Number(action.wait?.secondsToWaitFor);
    if (action.type !== 'wait' || !action.lastBubbleBlockId || !Number.isFinite(seconds) || seconds <= 0) continue;
    waits.set(action.lastBubbleBlockId, (waits.get(action.lastBubbleBlockId) ?? 0) + seconds * 1000);
  }
  return waits;
}

function commandIn(body: string): FlowCommand | undefined {
  if (!body.startsWith('#{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.slice(1));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const fields = parsed as Record<string, unknown>;
  const queueId = positiveId(fields.queueId);
  const userId = positiveId(fields.userId);
  if (queueId || userId) return { transfer: { ...(queueId ? { queueId } : {}), ...(userId ? { userId } : {}) } };
  if (fields.closeTicket === true) return { close: true };
  if (fields.stopBot === true) return { handOff: true };
  return undefined;
}

function positiveId(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function fileNameOf(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}
