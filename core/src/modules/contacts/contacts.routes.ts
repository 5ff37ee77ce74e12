import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly, signedIn } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { AppError } from '../../platform/http/app-error.js';
import { CONTACT_NOT_FOUND } from './contact-details.js';
import { ContactSpreadsheetsService } from './contact-spreadsheets.service.js';
import {
  blockContactSchema,
  CONTACT_IMPORT_MAX_BYTES,
  createContactSchema,
  listContactsSchema,
  pickContactsSchema,
  updateContactSchema,
} from './contacts.schema.js';
import { ContactsService } from './contacts.service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Contacts (spec 1 §7 "Contacts and helpers"). Fixed paths are registered before /contacts/:id. */
@injectable()
export class ContactsRoutes implements RouteContribution {
  readonly area = 'contacts';

  constructor(
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(ContactSpreadsheetsService) private readonly spreadsheets: ContactSpreadsheetsService,
  ) {}

  register(api: ApiRouter): void {
    api.get('/contacts', signedIn, async ({ auth, query }) => {
      const filters = await validate(listContactsSchema, query);
      return this.contacts.list({ auth, ...filters, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/contacts/list', signedIn, async ({ auth, query }) => {
      const { searchParam } = await validate(pickContactsSchema, query);
      return this.contacts.pick({ auth, searchParam });
    });

    api.get('/contacts/export', adminOnly, async ({ auth, res }) => {
      res.status(200);
      res.setHeader('Content-Type', XLSX_TYPE);
      res.setHeader('Content-Disposition', 'attachment; filename="contatos.xlsx"');
      try {
        await this.spreadsheets.writeExport({ auth, output: res });
      } catch (error) {
        // Once the workbook has started there is no JSON error to send: cut the download short.
        if (!res.headersSent) {
          res.removeHeader('Content-Disposition');
          throw error;
        }
        res.destroy(error instanceof Error ? error : undefined);
      }
    });

    api.post('/contacts/upload', signedIn, ({ auth, files }) => this.spreadsheets.importFile({ auth, file: files[0] }), {
      upload: { fields: ['file'], maxFiles: 1, maxFileBytes: CONTACT_IMPORT_MAX_BYTES },
    });

    api.get('/contacts/profile/:number', signedIn, ({ auth, params }) => {
      const number = String(params.number ?? '').trim();
      if (!number || number.length > 50) throw AppError.notFound(CONTACT_NOT_FOUND);
      return this.contacts.findByNumber({ auth, number });
    });

    api.put('/contacts/toggleDisableBot/:id', signedIn, ({ auth, params }) =>
      this.contacts.toggle({ auth, contactId: idParam(params.id, CONTACT_NOT_FOUND), field: 'disableBot' }),
    );

    api.put('/contacts/toggleAcceptAudio/:id', signedIn, ({ auth, params }) =>
      this.contacts.toggle({ auth, contactId: idParam(params.id, CONTACT_NOT_FOUND), field: 'acceptAudioMessage' }),
    );

    api.put('/contacts/block/:id', signedIn, async ({ auth, params, body }) => {
      const contactId = idParam(params.id, CONTACT_NOT_FOUND);
      const { active } = await validate(blockContactSchema, body);
      return this.contacts.setActive({ auth, contactId, active });
    });

    api.get('/contacts/:id', signedIn, ({ auth, params }) =>
      this.contacts.show({ auth, contactId: idParam(params.id, CONTACT_NOT_FOUND) }),
    );

    api.post(
      '/contacts',
      signedIn,
      async ({ auth, body }) => this.contacts.create({ auth, input: await validate(createContactSchema, body) }),
      {
        status: 201,
      },
    );

    api.put('/contacts/:id', signedIn, async ({ auth, params, body }) => {
      const contactId = idParam(params.id, CONTACT_NOT_FOUND);
      return this.contacts.update({ auth, contactId, input: await validate(updateContactSchema, body) });
    });

    api.delete('/contacts/:id', adminOnly, async ({ auth, params }) => {
      await this.contacts.remove({ auth, contactId: idParam(params.id, CONTACT_NOT_FOUND) });
      return { message: 'Contact deleted' };
    });
  }
}
