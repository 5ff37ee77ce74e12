import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/**
 * OpenAI refused or failed a call. The message is ours, in plain words: OpenAI's own text is left out because its
 * 401 answer quotes part of the key.
 */
export class OpenAiUpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OpenAiUpstreamError';
  }
}

function refusal(status: number, model: string): string {
  if (status === 401) return "OpenAI refused the prompt's API key (401): check the key in the prompt";
  if (status === 403) return `OpenAI refused access (403): the key's project may not use ${model} or this country`;
  if (status === 404) return `OpenAI does not offer the model ${model} to this key (404)`;
  if (status === 429) return 'OpenAI is limiting requests or the account has no credit left (429): try again later or check its billing';
  if (status >= 500) return `OpenAI failed (${status}): try again later`;
  return `OpenAI refused the request (${status})`;
}

/** Translates what the openai client threw for `what` ('the answer', 'the transcription') into an OpenAiUpstreamError. */
export function openAiFailure(error: unknown, context: { what: string; model: string; baseUrl: string }): Error {
  if (error instanceof APIUserAbortError) return new OpenAiUpstreamError(`OpenAI ${context.what} was stopped: Switchboard gave up waiting`);
  if (error instanceof APIConnectionTimeoutError) return new OpenAiUpstreamError(`OpenAI did not send ${context.what} in time`);
  if (error instanceof APIConnectionError) return new OpenAiUpstreamError(`OpenAI could not be reached at ${context.baseUrl}`);
  if (error instanceof APIError && typeof error.status === 'number') {
    return new OpenAiUpstreamError(`${refusal(error.status, context.model)} while asking for ${context.what}`, error.status);
  }
  return error instanceof Error ? error : new Error(String(error));
}
