import type { CustomerTextCatalogue } from './pt-BR.js';

export const es: CustomerTextCatalogue = {
  timeOfDay: {
    night: 'Buenas noches',
    morning: 'Buenos días',
    afternoon: 'Buenas tardes',
    evening: 'Buenas noches',
  },
  menu: {
    invalidOption: 'Opción inválida, por favor elige una opción válida.',
    backToStart: 'Volver al menú inicial',
    unnamedFile: 'archivo',
  },
  lgpd: {
    question: 'Escribe *1* para aceptar o *2* para rechazar',
    refused: '*Mensaje automático*:\nNo aceptaste nuestra política de privacidad. La atención ha finalizado.',
  },
  rating: {
    scale: 'Escribe una nota del *1* al *5* para evaluar nuestra atención (1 = pésima, 5 = excelente).',
    thanks: '¡Gracias por tu evaluación!',
  },
  queue: {
    position: '*Mensaje automático*:\nEstás en la posición *{{position}}* de la fila de atención. ¡Espera un momento, ya te atendemos!',
  },
  audio: {
    refused:
      '*Mensaje automático*:\nLamentablemente no podemos escuchar ni enviar audios por este canal de atención. Por favor, envía un mensaje de *texto*.',
  },
  ticket: {
    acceptGreeting: 'Hola *{{name}}*, mi nombre es *{{userName}}* y ahora voy a continuar con tu atención.',
    transferredToUser: '*Mensaje automático*:\nFuiste transferido al agente *{{userName}}*\n¡espera un momento, ya te atendemos!',
    transferredToQueue: '*Mensaje automático*:\nFuiste transferido al departamento *{{queue}}*\n¡espera un momento, ya te atendemos!',
  },
  onCall: {
    waitingOne: 'Hay 1 atención esperando.',
    waitingMany: 'Hay {{total}} atenciones esperando.',
  },
};
