import { describeChannelConformance } from '@switchboard/sdk/testing';
import { WhatsappChannel } from '../whatsapp-channel.js';
import { FakeWhatsapp } from './fake-whatsapp.js';

let whatsapp: FakeWhatsapp;

describeChannelConformance({
  name: 'whatsapp',
  connection: { channel: 'whatsapp' },
  peer: () => {
    whatsapp = new FakeWhatsapp();
    whatsapp.qrFirst = true;
    return whatsapp;
  },
  contribution: () => new WhatsappChannel({ socketFactory: whatsapp.factory, download: whatsapp.download, backoff: { initialMs: 20 } }),
});
