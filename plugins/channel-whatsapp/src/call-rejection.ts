/**
 * What a caller is told when the company has calls off and the connection has no callRejectionMessage of its own,
 * in the company's language for customers (its customerLanguage setting; pt-BR when unset or unknown).
 */
const callRejections: Record<string, string> = {
  'pt-BR':
    '*Mensagem automática:* as chamadas de voz e vídeo estão desabilitadas para este WhatsApp. Por favor, envie uma mensagem de texto. Obrigado!',
  en: '*Automatic message:* voice and video calls are turned off for this WhatsApp. Please send a text message. Thank you!',
  es: '*Mensaje automático:* las llamadas de voz y video están desactivadas para este WhatsApp. Por favor, envíe un mensaje de texto. ¡Gracias!',
  tr: '*Otomatik mesaj:* bu WhatsApp için sesli ve görüntülü aramalar kapalıdır. Lütfen bir metin mesajı gönderin. Teşekkürler!',
};

export function defaultCallRejection(language: string | undefined): string {
  return callRejections[language ?? ''] ?? callRejections['pt-BR']!;
}
