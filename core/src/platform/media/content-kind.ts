/** What a stored file shows as in the app: a picture, a player, or a download (the spec's mediaType). */
export type ContentKind = 'image' | 'audio' | 'video' | 'application';

interface Signature {
  kind: Exclude<ContentKind, 'application'>;
  /** Usual extensions, the first given to a file whose own name has none of them. */
  extensions: string[];
  matches(data: Buffer): boolean;
}

const at = (data: Buffer, offset: number, bytes: number[] | string) => {
  const expected = typeof bytes === 'string' ? [...Buffer.from(bytes, 'latin1')] : bytes;
  return data.length >= offset + expected.length && expected.every((byte, index) => data[offset + index] === byte);
};
const isoBrand = (data: Buffer) => (at(data, 4, 'ftyp') ? data.subarray(8, 12).toString('latin1') : undefined);

const signatures: Signature[] = [
  { kind: 'image', extensions: ['png'], matches: (data) => at(data, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { kind: 'image', extensions: ['jpg', 'jpeg'], matches: (data) => at(data, 0, [0xff, 0xd8, 0xff]) },
  { kind: 'image', extensions: ['gif'], matches: (data) => at(data, 0, 'GIF8') },
  { kind: 'image', extensions: ['webp'], matches: (data) => at(data, 0, 'RIFF') && at(data, 8, 'WEBP') },
  { kind: 'audio', extensions: ['wav'], matches: (data) => at(data, 0, 'RIFF') && at(data, 8, 'WAVE') },
  { kind: 'audio', extensions: ['ogg', 'oga', 'opus'], matches: (data) => at(data, 0, 'OggS') },
  { kind: 'audio', extensions: ['mp3'], matches: (data) => at(data, 0, 'ID3') || at(data, 0, [0xff, 0xfb]) || at(data, 0, [0xff, 0xf3]) },
  { kind: 'audio', extensions: ['m4a', 'aac'], matches: (data) => isoBrand(data) === 'M4A ' },
  { kind: 'video', extensions: ['mp4', 'm4v', 'mov', '3gp'], matches: (data) => isoBrand(data) !== undefined },
  { kind: 'video', extensions: ['webm'], matches: (data) => at(data, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
];

/**
 * What a file is, told by its first bytes, never by its name or declared type (which the sender chooses): only a
 * file that really is a picture, a sound or a video is shown as one; anything else is a download. `extension` is the
 * one to store it under when its own name has none of its kind's (so it is served with the matching type).
 */
export function contentKindOf(data: Buffer, fileName: string): { kind: ContentKind; extension?: string } {
  const signature = signatures.find((candidate) => candidate.matches(data));
  if (!signature) return { kind: 'application' };
  const own = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return { kind: signature.kind, extension: own && signature.extensions.includes(own) ? undefined : signature.extensions[0] };
}
