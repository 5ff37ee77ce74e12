/** Ogg/Opus is what WhatsApp and the other channels play as a voice note. */
export const VOICE_NOTE_FORMAT = 'ogg-48khz-16bit-mono-opus';
const SPEECH_TIMEOUT_MS = 30_000;

/** Azure Speech refused or failed a synthesis; `status` is its HTTP status, undefined when it was not reached. */
export class SpeechSynthesisError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SpeechSynthesisError';
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);
}

/** The SSML document Azure reads: one voice saying the text. */
export function speechMarkup(text: string, voice: { azureName: string; language: string }): string {
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${voice.language}">` +
    `<voice name="${voice.azureName}">${escapeXml(text)}</voice></speak>`
  );
}

function refusal(status: number): string {
  if (status === 401 || status === 403) return 'Azure Speech refused the voice key';
  if (status === 429) return 'Azure Speech is limiting requests (too many)';
  if (status === 400) return 'Azure Speech refused the voice or the text';
  return 'Azure Speech failed';
}

/**
 * Azure Speech text-to-speech REST API (POST {region}.tts.speech.microsoft.com/cognitiveservices/v1): SSML in,
 * an Ogg/Opus voice note out.
 */
export async function synthesizeVoiceNote(options: {
  /** The configured address with `{region}` in it. */
  urlTemplate: string;
  region: string;
  key: string;
  azureName: string;
  text: string;
  signal: AbortSignal;
}): Promise<Buffer> {
  const url = options.urlTemplate.replace('{region}', encodeURIComponent(options.region));
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': options.key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': VOICE_NOTE_FORMAT,
        'User-Agent': 'switchboard',
      },
      body: speechMarkup(options.text, { azureName: options.azureName, language: 'pt-BR' }),
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(SPEECH_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new SpeechSynthesisError(`Azure Speech could not be reached in region ${options.region}: ${(error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SpeechSynthesisError(`${refusal(response.status)} (${response.status})`, response.status);
  }
  const audio = Buffer.from(await response.arrayBuffer());
  if (audio.length === 0) throw new SpeechSynthesisError('Azure Speech answered an empty voice note');
  return audio;
}
