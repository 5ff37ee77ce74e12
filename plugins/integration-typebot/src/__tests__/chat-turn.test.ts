import { describe, expect, it } from '@jest/globals';
import { answerFor, readChatTurn, withPauses } from '../chat-turn.js';
import { richTextToChannelText } from '../rich-text.js';

describe('Typebot rich text in the channel formatting', () => {
  it('marks bold, italic and strikethrough hugging the words, keeps spaces outside', () => {
    const text = richTextToChannelText([
      {
        type: 'p',
        children: [
          { text: 'Our ' },
          { text: ' best ', bold: true },
          { text: 'offer', italic: true, bold: true },
          { text: ' old', strikethrough: true },
        ],
      },
    ]);
    expect(text).toBe('Our  *best* *_offer_* ~old~');
  });

  it('keeps paragraphs as lines (an empty one as an empty line), lists, variables holding paragraphs, and bare links', () => {
    const text = richTextToChannelText([
      { type: 'p', children: [{ text: 'First' }] },
      { type: 'p', children: [{ text: '' }] },
      {
        type: 'variable',
        children: [
          { type: 'p', children: [{ text: 'line A' }] },
          { type: 'p', children: [{ text: 'line B' }] },
        ],
      },
      {
        type: 'ol',
        children: [
          { type: 'li', children: [{ type: 'lic', children: [{ text: 'one' }] }] },
          { type: 'li', children: [{ text: 'two' }] },
        ],
      },
      { type: 'p', children: [{ type: 'a', url: 'https://acme.test', children: [{ text: 'https://acme.test' }] }] },
    ]);
    expect(text).toBe('First\n\nline A\nline B\n1. one\n2. two\nhttps://acme.test');
  });
});

describe('a Typebot answer as replies', () => {
  it('sends files by URL, a YouTube video and an embed as links, and skips what a channel cannot show', () => {
    const turn = readChatTurn({
      messages: [
        { id: 'a', type: 'audio', content: { url: 'https://cdn.test/voice%20note.mp3' } },
        { id: 'v', type: 'video', content: { url: 'https://cdn.test/clip.mp4', type: 'url' } },
        { id: 'y', type: 'video', content: { url: 'https://www.youtube.com/watch?v=abc', type: 'youtube', id: 'abc' } },
        { id: 'e', type: 'embed', content: { url: 'https://maps.test/acme' } },
        { id: 'c', type: 'custom-embed', content: {} },
        { id: 'i', type: 'image', content: {} },
      ],
    });
    expect(turn.replies).toEqual([
      { media: { url: 'https://cdn.test/voice%20note.mp3', fileName: 'voice note.mp3' } },
      { media: { url: 'https://cdn.test/clip.mp4', fileName: 'clip.mp4' } },
      { body: 'https://www.youtube.com/watch?v=abc' },
      { body: 'https://maps.test/acme' },
    ]);
    expect(turn.ended).toBe(true);
  });

  it("adds a flow's wait block to the pause before the next bubble", () => {
    const turn = readChatTurn({
      messages: [
        { id: 'one', type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'One' }] }] } },
        { id: 'two', type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Two' }] }] } },
      ],
      clientSideActions: [{ type: 'wait', lastBubbleBlockId: 'one', wait: { secondsToWaitFor: 3 } }],
    });
    expect(withPauses(turn.replies, 500)).toEqual([{ body: 'One' }, { body: 'Two', delayMs: 3500 }]);
  });

  it('lists a picture choice by title and maps numbers of a multiple choice to its items', () => {
    const turn = readChatTurn({
      messages: [],
      input: {
        id: 'pick',
        type: 'picture choice input',
        items: [
          { id: '1', title: 'Red' },
          { id: '2', title: 'Blue' },
          { id: '3', title: 'Green' },
        ],
        options: { isMultipleChoice: true },
      },
    });
    expect(turn.replies).toEqual([{ body: '1 - Red\n2 - Blue\n3 - Green' }]);
    expect(answerFor('1, 3', turn.choice)).toBe('Red, Green');
    expect(answerFor('1 and 3', turn.choice)).toBe('1 and 3');
    expect(answerFor('4', { items: ['A'], multiple: false })).toBe('4');
  });

  it('reads a close command and a stop command, and leaves a text that only starts with # alone', () => {
    const bubble = (text: string) => ({
      id: text,
      type: 'text',
      content: { type: 'richText' as const, richText: [{ type: 'p', children: [{ text }] }] },
    });
    expect(readChatTurn({ messages: [bubble('#{"closeTicket": true}')] }).command).toEqual({ close: true });
    expect(readChatTurn({ messages: [bubble('#{"stopBot": true}')] }).command).toEqual({ handOff: true });
    const hashtag = readChatTurn({ messages: [bubble('#{not json} #acme')] });
    expect(hashtag.command).toBeUndefined();
    expect(hashtag.replies).toEqual([{ body: '#{not json} #acme' }]);
  });
});
