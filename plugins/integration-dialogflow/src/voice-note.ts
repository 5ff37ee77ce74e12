/** The sample rates Dialogflow accepts for OGG Opus audio. */
const OPUS_RATES = [8000, 12000, 16000, 24000, 48000];
/** Opus decodes at 48 kHz whatever rate the recording had. */
const OPUS_DECODING_RATE = 48000;

/** A voice note Dialogflow cannot read (it takes OGG Opus from chat apps); the message says what arrived. */
export class VoiceNoteFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VoiceNoteFormatError';
  }
}

/**
 * The sample rate to declare for an OGG Opus voice note: the recording's own rate from its OpusHead header
 * (WhatsApp records at 16 kHz), else 48 kHz. Throws VoiceNoteFormatError for a file that is not OGG Opus.
 */
export function opusSampleRate(data: Buffer, mimeType = ''): number {
  if (data.subarray(0, 4).toString('latin1') !== 'OggS') {
    throw new VoiceNoteFormatError(`Dialogflow reads voice notes in OGG Opus only; this one is ${mimeType || 'of another format'}`);
  }
  // The identification header is in the first page: "OpusHead", version, channels, pre-skip, then the input rate.
  const head = data.subarray(0, 512).indexOf('OpusHead', 0, 'latin1');
  if (head < 0) throw new VoiceNoteFormatError('The voice note is an OGG file without Opus audio');
  const rateAt = head + 12;
  const rate = data.length >= rateAt + 4 ? data.readUInt32LE(rateAt) : 0;
  return OPUS_RATES.includes(rate) ? rate : OPUS_DECODING_RATE;
}
