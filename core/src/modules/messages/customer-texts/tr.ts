import type { CustomerTextCatalogue } from './pt-BR.js';

export const tr: CustomerTextCatalogue = {
  timeOfDay: {
    night: 'Merhaba',
    morning: 'Günaydın',
    afternoon: 'İyi günler',
    evening: 'İyi akşamlar',
  },
  menu: {
    invalidOption: 'Geçersiz seçenek, lütfen geçerli bir seçenek seçin.',
    backToStart: 'Ana menüye dön',
    unnamedFile: 'dosya',
  },
  lgpd: {
    question: 'Kabul etmek için *1*, reddetmek için *2* yazın',
    refused: '*Otomatik mesaj*:\nGizlilik politikamızı kabul etmediniz. Görüşme sonlandırıldı.',
  },
  rating: {
    scale: 'Hizmetimizi değerlendirmek için *1* ile *5* arasında bir puan yazın (1 = çok kötü, 5 = mükemmel).',
    thanks: 'Değerlendirmeniz için teşekkür ederiz!',
  },
  queue: {
    position: '*Otomatik mesaj*:\nSıradaki yeriniz: *{{position}}*. Lütfen bekleyin, birazdan sizinle ilgileneceğiz!',
  },
  audio: {
    refused: '*Otomatik mesaj*:\nMaalesef bu kanaldan sesli mesaj dinleyemiyor ve gönderemiyoruz. Lütfen bir *yazılı* mesaj gönderin.',
  },
  ticket: {
    acceptGreeting: 'Merhaba *{{name}}*, benim adım *{{userName}}*, bundan sonra sizinle ben ilgileneceğim!',
    transferredToUser: '*Otomatik mesaj*:\n*{{userName}}* adlı temsilciye aktarıldınız\nlütfen bekleyin, birazdan sizinle ilgileneceğiz!',
    transferredToQueue: '*Otomatik mesaj*:\n*{{queue}}* departmanına aktarıldınız\nlütfen bekleyin, birazdan sizinle ilgileneceğiz!',
  },
  onCall: {
    waitingOne: 'Bekleyen 1 talep var.',
    waitingMany: 'Bekleyen {{total}} talep var.',
  },
};
