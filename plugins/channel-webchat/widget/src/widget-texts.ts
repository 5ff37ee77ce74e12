/** The widget's texts in the product's four languages (pt-BR is the default and the fallback). */
const ptBR = {
  defaultTitle: 'Fale conosco',
  name: 'Nome',
  email: 'E-mail',
  optional: '(opcional)',
  start: 'Iniciar conversa',
  nameRequired: 'Informe seu nome.',
  nameTooLong: 'O nome pode ter até 80 caracteres.',
  emailRequired: 'Informe seu e-mail.',
  emailInvalid: 'Informe um e-mail válido.',
  startFailed: 'Não foi possível iniciar a conversa. Tente novamente.',
  message: 'Mensagem',
  placeholder: 'Digite sua mensagem',
  send: 'Enviar',
  attach: 'Anexar arquivo',
  removeFile: 'Remover arquivo',
  online: 'Online',
  reconnecting: 'Reconectando…',
  typing: 'Digitando…',
  recording: 'Gravando áudio…',
  earlier: 'Mensagens anteriores',
  deleted: 'Mensagem apagada',
  edited: 'editada',
  file: 'arquivo',
  unavailable: 'indisponível',
  fileTooLarge: 'O arquivo é maior que 16 MB.',
  tooLong: 'A mensagem pode ter até 4096 caracteres.',
  sendFailed: 'Não foi possível enviar. Tente novamente.',
  tooFast: 'Muitas mensagens seguidas. Aguarde um instante.',
  close: 'Fechar o chat',
  open: 'Abrir o chat',
  notFound: 'Este chat não existe ou foi desativado.',
};

export type WidgetTexts = typeof ptBR;
export type WidgetLanguage = 'pt-BR' | 'en' | 'es' | 'tr';

const catalogues: Record<WidgetLanguage, WidgetTexts> = {
  'pt-BR': ptBR,
  en: {
    defaultTitle: 'Chat with us',
    name: 'Name',
    email: 'E-mail',
    optional: '(optional)',
    start: 'Start chat',
    nameRequired: 'Please enter your name.',
    nameTooLong: 'The name may have up to 80 characters.',
    emailRequired: 'Please enter your e-mail.',
    emailInvalid: 'Please enter a valid e-mail.',
    startFailed: 'The chat could not start. Please try again.',
    message: 'Message',
    placeholder: 'Type your message',
    send: 'Send',
    attach: 'Attach a file',
    removeFile: 'Remove file',
    online: 'Online',
    reconnecting: 'Reconnecting…',
    typing: 'Typing…',
    recording: 'Recording audio…',
    earlier: 'Earlier messages',
    deleted: 'Message deleted',
    edited: 'edited',
    file: 'file',
    unavailable: 'unavailable',
    fileTooLarge: 'The file is larger than 16 MB.',
    tooLong: 'The message may have up to 4096 characters.',
    sendFailed: 'The message could not be sent. Please try again.',
    tooFast: 'Too many messages in a row. Please wait a moment.',
    close: 'Close the chat',
    open: 'Open the chat',
    notFound: 'This chat does not exist or was turned off.',
  },
  es: {
    defaultTitle: 'Hable con nosotros',
    name: 'Nombre',
    email: 'Correo electrónico',
    optional: '(opcional)',
    start: 'Iniciar conversación',
    nameRequired: 'Indique su nombre.',
    nameTooLong: 'El nombre puede tener hasta 80 caracteres.',
    emailRequired: 'Indique su correo electrónico.',
    emailInvalid: 'Indique un correo electrónico válido.',
    startFailed: 'No se pudo iniciar la conversación. Inténtelo de nuevo.',
    message: 'Mensaje',
    placeholder: 'Escriba su mensaje',
    send: 'Enviar',
    attach: 'Adjuntar archivo',
    removeFile: 'Quitar archivo',
    online: 'En línea',
    reconnecting: 'Reconectando…',
    typing: 'Escribiendo…',
    recording: 'Grabando audio…',
    earlier: 'Mensajes anteriores',
    deleted: 'Mensaje eliminado',
    edited: 'editado',
    file: 'archivo',
    unavailable: 'no disponible',
    fileTooLarge: 'El archivo supera los 16 MB.',
    tooLong: 'El mensaje puede tener hasta 4096 caracteres.',
    sendFailed: 'No se pudo enviar. Inténtelo de nuevo.',
    tooFast: 'Demasiados mensajes seguidos. Espere un momento.',
    close: 'Cerrar el chat',
    open: 'Abrir el chat',
    notFound: 'Este chat no existe o fue desactivado.',
  },
  tr: {
    defaultTitle: 'Bize yazın',
    name: 'Adınız',
    email: 'E-posta',
    optional: '(isteğe bağlı)',
    start: 'Sohbeti başlat',
    nameRequired: 'Lütfen adınızı girin.',
    nameTooLong: 'Ad en fazla 80 karakter olabilir.',
    emailRequired: 'Lütfen e-posta adresinizi girin.',
    emailInvalid: 'Lütfen geçerli bir e-posta adresi girin.',
    startFailed: 'Sohbet başlatılamadı. Lütfen tekrar deneyin.',
    message: 'Mesaj',
    placeholder: 'Mesajınızı yazın',
    send: 'Gönder',
    attach: 'Dosya ekle',
    removeFile: 'Dosyayı kaldır',
    online: 'Çevrimiçi',
    reconnecting: 'Yeniden bağlanıyor…',
    typing: 'Yazıyor…',
    recording: 'Ses kaydediyor…',
    earlier: 'Önceki mesajlar',
    deleted: 'Mesaj silindi',
    edited: 'düzenlendi',
    file: 'dosya',
    unavailable: 'kullanılamıyor',
    fileTooLarge: "Dosya 16 MB'tan büyük.",
    tooLong: 'Mesaj en fazla 4096 karakter olabilir.',
    sendFailed: 'Mesaj gönderilemedi. Lütfen tekrar deneyin.',
    tooFast: 'Arka arkaya çok fazla mesaj. Lütfen biraz bekleyin.',
    close: 'Sohbeti kapat',
    open: 'Sohbeti aç',
    notFound: 'Bu sohbet mevcut değil veya kapatıldı.',
  },
};

/** The first of the browser's languages the widget speaks (any regional variant), else pt-BR. */
export function widgetLanguage(preferred: readonly string[]): WidgetLanguage {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === 'pt') return 'pt-BR';
    if (base === 'en' || base === 'es' || base === 'tr') return base;
  }
  return 'pt-BR';
}

export function widgetTexts(language: WidgetLanguage): WidgetTexts {
  return catalogues[language];
}

/** The browser's languages, most preferred first. */
export function browserLanguages(): string[] {
  const list = navigator.languages?.length ? [...navigator.languages] : [];
  return navigator.language ? [...list, navigator.language] : list;
}
