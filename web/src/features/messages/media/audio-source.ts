/** Containers WebKit cannot play: Ogg/Opus voice notes and browsers' WebM recordings. */
const unplayableOnWebKit = /\.(ogg|oga|opus|webm)$/i;

/** Every browser on iOS is WebKit; on other systems, Safari is the one that names itself without Chrome's tokens. */
export function isAppleWebKit(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  // iPadOS asks for the desktop site and calls itself a Mac; its touch screen gives it away.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return true;
  return /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|FxiOS|Edg|OPR|Android/.test(userAgent);
}

/**
 * Spec 1 §4: on iOS/Safari an .ogg audio is asked for as .mp3 (core makes that copy on the first request).
 * Other browsers keep the original.
 */
export function playableAudio(mediaUrl: string, userAgent = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints): string {
  if (!isAppleWebKit(userAgent, maxTouchPoints)) return mediaUrl;
  const [path, query] = mediaUrl.split(/(?=\?)/);
  return path!.replace(unplayableOnWebKit, '.mp3') + (query ?? '');
}
