import { describe, expect, it } from '@jest/globals';
import { helpVideoCode } from '../helps.api';

describe("a help entry's video code (spec 2 §3)", () => {
  it('keeps a typed code as it is, trimmed', () => {
    expect(helpVideoCode(' dQw4w9WgXcQ ')).toBe('dQw4w9WgXcQ');
    expect(helpVideoCode('')).toBe('');
  });

  it('takes the id out of a pasted YouTube address', () => {
    expect(helpVideoCode('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s')).toBe('dQw4w9WgXcQ');
    expect(helpVideoCode('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe('dQw4w9WgXcQ');
    expect(helpVideoCode('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(helpVideoCode('https://m.youtube.com/shorts/abc123')).toBe('abc123');
  });

  it('leaves other addresses alone for the super user to see', () => {
    expect(helpVideoCode('https://vimeo.com/123')).toBe('https://vimeo.com/123');
    expect(helpVideoCode('https://www.youtube.com/channel/xyz')).toBe('https://www.youtube.com/channel/xyz');
  });
});
