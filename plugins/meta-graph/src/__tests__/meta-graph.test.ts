import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { loadMetaConfig } from '@switchboard/config';
import { signBody, verifySignature } from '../webhook-signature.js';

const APP_SECRET = 'app-secret-123';

describe('webhook signature', () => {
  it('checks the signature over the raw bytes', () => {
    const raw = Buffer.from('{"object":"page", "entry":[]}');
    const header = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
    expect(signBody(raw, APP_SECRET)).toBe(header);
    expect(verifySignature(raw, header, APP_SECRET)).toBe(true);
    // The same JSON serialised differently is another body.
    expect(verifySignature(Buffer.from(JSON.stringify(JSON.parse(raw.toString()))), header, APP_SECRET)).toBe(false);
    expect(verifySignature(raw, header.toUpperCase(), 'another')).toBe(false);
    expect(verifySignature(raw, 'sha256=abc', APP_SECRET)).toBe(false);
    expect(verifySignature(raw, undefined, APP_SECRET)).toBe(false);
    expect(verifySignature(raw, header, '')).toBe(false);
  });
});

describe('Meta configuration', () => {
  it('has no Meta app and the public Graph API by default', () => {
    expect(loadMetaConfig({})).toEqual({ appId: '', appSecret: '', verifyToken: '', graphOrigin: 'https://graph.facebook.com' });
  });

  it('reads the app and another Graph origin, and refuses an origin that is not one', () => {
    const env = {
      FACEBOOK_APP_ID: ' 4242 ',
      FACEBOOK_APP_SECRET: 's3cret',
      FACEBOOK_VERIFY_TOKEN: 'verify',
      SWITCHBOARD_GRAPH_ORIGIN: 'http://127.0.0.1:4010/',
    };
    expect(loadMetaConfig(env)).toEqual({
      appId: '4242',
      appSecret: 's3cret',
      verifyToken: 'verify',
      graphOrigin: 'http://127.0.0.1:4010',
    });
    expect(() => loadMetaConfig({ SWITCHBOARD_GRAPH_ORIGIN: 'graph.facebook.com' })).toThrow(/SWITCHBOARD_GRAPH_ORIGIN/);
    expect(() => loadMetaConfig({ SWITCHBOARD_GRAPH_ORIGIN: 'https://graph.facebook.com/v19.0' })).toThrow(/SWITCHBOARD_GRAPH_ORIGIN/);
  });
});
