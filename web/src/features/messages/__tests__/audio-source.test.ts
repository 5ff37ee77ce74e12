import { describe, expect, it } from '@jest/globals';
import { isAppleWebKit, playableAudio } from '../media/audio-source';

const agents = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('audio on iOS and Safari (spec 1 §4)', () => {
  it('knows WebKit on iOS (any browser), iPadOS and Safari on the Mac, and nothing else', () => {
    expect(isAppleWebKit(agents.iPhone, 0)).toBe(true);
    expect(isAppleWebKit(agents.iPhoneChrome)).toBe(true);
    expect(isAppleWebKit(agents.macSafari)).toBe(true);
    expect(isAppleWebKit(agents.macSafari, 5)).toBe(true);
    expect(isAppleWebKit(agents.macChrome)).toBe(false);
    expect(isAppleWebKit(agents.android)).toBe(false);
    expect(isAppleWebKit(agents.firefox)).toBe(false);
  });

  it('asks WebKit for the .mp3 of an .ogg or .webm audio and leaves the rest alone', () => {
    const voice = 'company1/messages/9/1700000000000-voz.ogg';
    expect(playableAudio(voice, agents.iPhone, 0)).toBe('company1/messages/9/1700000000000-voz.mp3');
    expect(playableAudio('company1/messages/9/gravacao.webm', agents.macSafari, 0)).toBe('company1/messages/9/gravacao.mp3');
    expect(playableAudio('https://cdn.example/a.OGG?sig=1.ogg', agents.iPhone, 0)).toBe('https://cdn.example/a.mp3?sig=1.ogg');
    expect(playableAudio('company1/messages/9/musica.m4a', agents.iPhone, 0)).toBe('company1/messages/9/musica.m4a');
    expect(playableAudio(voice, agents.macChrome, 0)).toBe(voice);
    expect(playableAudio(voice, agents.android, 0)).toBe(voice);
  });
});
