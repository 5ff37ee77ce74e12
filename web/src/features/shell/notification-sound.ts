import { getVolume } from './volume';

let context: AudioContext | null = null;

/**
 * A short two-note chime made with the Web Audio API (no audio asset to ship), at the chosen volume. Browsers only
 * let audio start after a user gesture on the page; before that the context stays suspended and nothing plays.
 */
export function playNotificationSound(): void {
  const volume = getVolume();
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const start = context.currentTime;
  [880, 1318.5].forEach((frequency, index) => {
    const at = start + index * 0.16;
    const oscillator = context!.createOscillator();
    const gain = context!.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35 * volume, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    oscillator.connect(gain).connect(context!.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.32);
  });
}
