import type { OutboundMessage } from '@switchboard/sdk';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from '@whiskeysockets/baileys';

/** What Baileys' sendMessage needs for an outbound message: the content and, for a reply, the quoted message. */
export function outboundContent(
  message: OutboundMessage,
  jid: string,
): { content: AnyMessageContent; options: MiscMessageGenerationOptions } {
  const options: MiscMessageGenerationOptions = {};
  if (message.quoted) {
    const quoted: WAMessage = {
      key: { remoteJid: jid, id: message.quoted.externalId, fromMe: message.quoted.fromMe },
      message: { conversation: message.quoted.body ?? '' },
    };
    options.quoted = quoted;
  }
  return { content: contentOf(message), options };
}

function contentOf(message: OutboundMessage): AnyMessageContent {
  const body = message.body;
  const media = message.media;
  if (media) {
    const source = { url: media.path };
    const caption = body ? { caption: body } : {};
    switch (media.mediaType) {
      case 'image':
        return { image: source, mimetype: media.mimeType, ...caption };
      case 'video':
        return { video: source, mimetype: media.mimeType, ...caption };
      case 'audio':
        return { audio: source, mimetype: media.mimeType, ptt: !!media.asVoiceNote };
      default:
        return { document: source, mimetype: media.mimeType, fileName: media.fileName, ...caption };
    }
  }
  if (message.vCard) {
    const displayName = /^FN:(.*)$/m.exec(message.vCard)?.[1]?.trim() || body || 'Contact';
    return { contacts: { displayName, contacts: [{ displayName, vcard: message.vCard }] } };
  }
  return { text: body ?? '' };
}
