import type { CustomerTextCatalogue } from './pt-BR.js';

export const en: CustomerTextCatalogue = {
  timeOfDay: {
    night: 'Hello',
    morning: 'Good morning',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  menu: {
    invalidOption: 'Invalid option, please choose a valid option.',
    backToStart: 'Back to the main menu',
    unnamedFile: 'file',
  },
  lgpd: {
    question: 'Type *1* to accept or *2* to decline',
    refused: '*Automatic message*:\nYou did not accept our privacy policy. This conversation is closed.',
  },
  rating: {
    scale: 'Type a score from *1* to *5* to rate our service (1 = very poor, 5 = excellent).',
    thanks: 'Thank you for your rating!',
  },
  queue: {
    position: '*Automatic message*:\nYou are number *{{position}}* in the queue. Please hold on, we will be with you shortly!',
  },
  audio: {
    refused: '*Automatic message*:\nSorry, we cannot listen to or send audio on this channel. Please send a *text* message.',
  },
  ticket: {
    acceptGreeting: 'Hello *{{name}}*, my name is *{{userName}}* and I will take care of you from now on!',
    transferredToUser:
      '*Automatic message*:\nYou have been transferred to the agent *{{userName}}*\nplease hold on, we will be with you shortly!',
    transferredToQueue:
      '*Automatic message*:\nYou have been transferred to the *{{queue}}* department\nplease hold on, we will be with you shortly!',
  },
  onCall: {
    waitingOne: 'There is 1 ticket waiting.',
    waitingMany: 'There are {{total}} tickets waiting.',
  },
};
