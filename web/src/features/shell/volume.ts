import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'volume';
const listeners = new Set<() => void>();

function read(): number {
  const stored = Number(localStorage.getItem(STORAGE_KEY));
  // Spec 1 §2: 0 to 1, default 1.
  return localStorage.getItem(STORAGE_KEY) !== null && Number.isFinite(stored) ? Math.min(1, Math.max(0, stored)) : 1;
}

export function getVolume(): number {
  return read();
}

export function setVolume(volume: number): void {
  localStorage.setItem(STORAGE_KEY, String(volume));
  for (const listener of listeners) listener();
}

/** The notification volume, kept locally under 'volume'. */
export function useVolume(): number {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
}
