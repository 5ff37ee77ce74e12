import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 1 §4: idle, recording, sending; spec 1 §9: 128 kbps, a recording under 10000 bytes is discarded. */
export type RecorderState = 'idle' | 'recording' | 'sending';
export const MIN_AUDIO_BYTES = 10_000;
const BITS_PER_SECOND = 128_000;
// MediaRecorder cannot write mp3; Opus in Ogg (or WebM where Ogg is missing) is what browsers record.
const TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];

export function useAudioRecorder(options: {
  onRecorded: (file: File) => Promise<void>;
  onTooShort: () => void;
  onError: (error: unknown) => void;
}) {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const discard = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (state !== 'recording') return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);

  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);

  const start = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const media = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: BITS_PER_SECOND });
      const chunks: Blob[] = [];
      discard.current = false;
      media.ondataavailable = (event) => event.data.size && chunks.push(event.data);
      media.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        recorder.current = null;
        if (discard.current) return setState('idle');
        const type = media.mimeType || mimeType || 'audio/ogg';
        const blob = new Blob(chunks, { type });
        if (blob.size < MIN_AUDIO_BYTES) {
          latest.current.onTooShort();
          return setState('idle');
        }
        const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
        setState('sending');
        try {
          await latest.current.onRecorded(new File([blob], `audio-${Date.now()}.${extension}`, { type: type.split(';')[0] }));
        } finally {
          setState('idle');
        }
      };
      recorder.current = media;
      media.start();
      setState('recording');
    } catch (error) {
      latest.current.onError(error);
      setState('idle');
    }
  }, []);

  const stop = useCallback(() => recorder.current?.state === 'recording' && recorder.current.stop(), []);
  const cancel = useCallback(() => {
    discard.current = true;
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  return { state, seconds, start, stop, cancel };
}
