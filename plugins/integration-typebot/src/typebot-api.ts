/**
 * The part of Typebot's chat API (https://docs.typebot.io/api-reference) the integration speaks: start a chat with a
 * published bot by its public id, continue it with the session id. Only the answer fields we read are typed.
 */

/** A rich-text node of a text bubble (Slate): an element with children, or a leaf with its marks. */
export interface RichTextNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  children?: RichTextNode[];
}

export type TypebotMessage =
  | { id: string; type: 'text'; content: { type?: 'richText'; richText?: RichTextNode[] } | { type: 'markdown'; markdown: string } }
  | { id: string; type: 'image'; content: { url?: string } }
  | { id: string; type: 'video'; content: { url?: string; type?: string; id?: string } }
  | { id: string; type: 'audio'; content: { url?: string } }
  | { id: string; type: 'embed'; content: { url?: string } }
  | { id: string; type: string; content?: unknown };

/** The input block the bot waits on; choice inputs list their items. */
export interface TypebotInput {
  id: string;
  type: string;
  items?: { id: string; content?: string; title?: string }[];
  options?: { isMultipleChoice?: boolean };
}

export interface TypebotClientSideAction {
  type: string;
  lastBubbleBlockId?: string;
  wait?: { secondsToWaitFor?: number | string };
}

/** What startChat and continueChat answer. */
export interface TypebotChatAnswer {
  messages: TypebotMessage[];
  /** Absent when the flow has reached its end. */
  input?: TypebotInput;
  clientSideActions?: TypebotClientSideAction[];
}

export interface TypebotStartAnswer extends TypebotChatAnswer {
  sessionId: string;
}

/** Typebot answered with an error status; `reason` is its own message ("Typebot not found", "Session not found"). */
export class TypebotApiError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly reason: string,
  ) {
    super(`Typebot refused ${operation}: ${status} ${reason}`);
    this.name = 'TypebotApiError';
  }
}

export class TypebotClient {
  /** `baseUrl` is the Typebot server (the viewer), e.g. https://typebot.example.com. */
  constructor(
    private readonly baseUrl: string,
    private readonly signal: AbortSignal,
  ) {}

  /** POST /api/v1/typebots/{publicId}/startChat. */
  async startChat(
    publicId: string,
    options: { prefilledVariables?: Record<string, string | number>; isOnlyRegistering?: boolean } = {},
  ): Promise<TypebotStartAnswer> {
    const answer = await this.post<TypebotStartAnswer>('startChat', `/api/v1/typebots/${encodeURIComponent(publicId)}/startChat`, {
      isStreamEnabled: false,
      isOnlyRegistering: options.isOnlyRegistering ?? false,
      prefilledVariables: options.prefilledVariables,
      textBubbleContentFormat: 'richText',
    });
    if (typeof answer.sessionId !== 'string' || !answer.sessionId) throw new Error('Typebot startChat answered without a sessionId');
    return answer;
  }

  /** POST /api/v1/sessions/{sessionId}/continueChat with the contact's answer. */
  async continueChat(sessionId: string, text: string): Promise<TypebotChatAnswer> {
    return this.post<TypebotChatAnswer>('continueChat', `/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
      message: { type: 'text', text },
      textBubbleContentFormat: 'richText',
    });
  }

  private async post<T extends TypebotChatAnswer>(operation: string, path: string, body: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: this.signal,
      });
    } catch (error) {
      if (this.signal.aborted) throw error;
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new Error(`Typebot at ${this.baseUrl} could not be reached for ${operation}: ${cause}`);
    }
    const raw = await response.text();
    const parsed = parseJson(raw);
    if (!response.ok) {
      const reason = typeof parsed?.message === 'string' ? parsed.message : raw.slice(0, 200) || response.statusText;
      throw new TypebotApiError(operation, response.status, reason);
    }
    if (!parsed) throw new Error(`Typebot ${operation} answered something other than JSON`);
    // A session only registered (isOnlyRegistering) may come without messages.
    return { ...parsed, messages: Array.isArray(parsed.messages) ? parsed.messages : [] } as unknown as T;
  }
}

function parseJson(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
