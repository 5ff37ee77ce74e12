/** The spec's mediaType of a file, from its MIME type. */
export function mediaTypeOf(mimeType: string): string {
  const kind = mimeType.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'application';
}
