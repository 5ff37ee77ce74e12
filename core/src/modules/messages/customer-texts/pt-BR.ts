/**
 * The product's own texts to customers in Brazilian Portuguese, the default and fallback language; every other
 * catalogue has the same keys. Spec placeholders ({{name}}, {{userName}}, {{queue}}...) are left for the message
 * template to fill when the text is sent; other {{values}} are given where the text is chosen.
 */
export const ptBR = {
  timeOfDay: {
    night: 'Boa madrugada',
    morning: 'Bom dia',
    afternoon: 'Boa tarde',
    evening: 'Boa noite',
  },
  menu: {
    invalidOption: 'Opção inválida, por favor escolha uma opção válida.',
    backToStart: 'Voltar Menu Inicial',
    unnamedFile: 'arquivo',
  },
  lgpd: {
    question: 'Digite *1* para aceitar ou *2* para recusar',
    refused: '*Mensagem Automática*:\nVocê não aceitou nossa política de privacidade. Atendimento encerrado.',
  },
  rating: {
    scale: 'Digite uma nota de *1* a *5* para avaliar nosso atendimento (1 = péssimo, 5 = excelente).',
    thanks: 'Obrigado pela sua avaliação!',
  },
  queue: {
    position: '*Mensagem Automática*:\nVocê está na posição *{{position}}* da fila de atendimento. Aguarde, já vamos te atender!',
  },
  audio: {
    refused:
      '*Mensagem Automática*:\nInfelizmente não conseguimos escutar nem enviar áudios por este canal de atendimento, por favor, envie uma mensagem de *texto*.',
  },
  ticket: {
    acceptGreeting: 'Olá *{{name}}*, meu nome é *{{userName}}* e agora vou prosseguir com seu atendimento!',
    transferredToUser: '*Mensagem Automática*:\nVocê foi transferido para o atendente *{{userName}}*\naguarde, já vamos te atender!',
    transferredToQueue: '*Mensagem Automática*:\nVocê foi transferido para o departamento *{{queue}}*\naguarde, já vamos te atender!',
  },
  onCall: {
    waitingOne: 'Há 1 atendimento aguardando.',
    waitingMany: 'Há {{total}} atendimentos aguardando.',
  },
};

/** The shape every catalogue has: the same keys as pt-BR, each a text. */
export type CustomerTextCatalogue = { [Group in keyof typeof ptBR]: { [Key in keyof (typeof ptBR)[Group]]: string } };
