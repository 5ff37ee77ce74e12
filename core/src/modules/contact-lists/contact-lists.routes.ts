import { inject, injectable } from '@switchboard/sdk';
import type { Access } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { ContactListImport } from './contact-list-import.service.js';
import { CONTACT_LIST_ITEM_NOT_FOUND, ContactListItemService } from './contact-list-item.service.js';
import { exampleWorkbook } from './contact-list-sheet.js';
import { CONTACT_LIST_NOT_FOUND, ContactListService } from './contact-list.service.js';
import {
  CONTACT_LIST_IMPORT_MAX_BYTES,
  contactListSchema,
  createContactListItemSchema,
  listContactListItemsSchema,
  listContactListsSchema,
  updateContactListItemSchema,
} from './contact-lists.schema.js';

/** Spec 3 §2.1/§6 and DESIGN §7: contact lists belong to campaigns (plan flag useCampaigns); the menu shows them to admins. */
const contactListsAccess: Access = { profiles: ['admin'], planFlag: 'useCampaigns' };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Spec 3 §7 "Contact lists". */
@injectable()
export class ContactListsRoutes implements RouteContribution {
  readonly area = 'contact-lists';

  constructor(
    @inject(ContactListService) private readonly lists: ContactListService,
    @inject(ContactListItemService) private readonly items: ContactListItemService,
    @inject(ContactListImport) private readonly imports: ContactListImport,
  ) {}

  register(api: ApiRouter): void {
    api.get('/contact-lists', contactListsAccess, async ({ auth, query }) => {
      const { searchParam } = await validate(listContactListsSchema, query);
      return this.lists.page({ auth, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/contact-lists/list', contactListsAccess, ({ auth }) => this.lists.picker({ auth }));

    // The example spreadsheet of the import dialog (columns name, number, email); registered before /:id.
    api.get('/contact-lists/example.xlsx', contactListsAccess, ({ res }) => {
      res.setHeader('Content-Type', XLSX_TYPE);
      res.setHeader('Content-Disposition', 'attachment; filename="contact-list-example.xlsx"');
      res.send(exampleWorkbook());
    });

    api.get('/contact-lists/:id', contactListsAccess, ({ auth, params }) =>
      this.lists.show({ auth, contactListId: idParam(params.id, CONTACT_LIST_NOT_FOUND) }),
    );

    api.post(
      '/contact-lists',
      contactListsAccess,
      async ({ auth, body }) => this.lists.create({ auth, input: await validate(contactListSchema, body) }),
      { status: 201 },
    );

    api.put('/contact-lists/:id', contactListsAccess, async ({ auth, params, body }) => {
      const contactListId = idParam(params.id, CONTACT_LIST_NOT_FOUND);
      return this.lists.update({ auth, contactListId, input: await validate(contactListSchema, body) });
    });

    api.delete('/contact-lists/:id', contactListsAccess, async ({ auth, params }) => {
      await this.lists.remove({ auth, contactListId: idParam(params.id, CONTACT_LIST_NOT_FOUND) });
      return { message: 'Lista de contatos excluída com sucesso!' };
    });

    api.post(
      '/contact-lists/:id/upload',
      contactListsAccess,
      ({ auth, params, files }) =>
        this.imports.importFile({ auth, contactListId: idParam(params.id, CONTACT_LIST_NOT_FOUND), file: files[0] }),
      { upload: { fields: ['file'], maxFiles: 1, maxFileBytes: CONTACT_LIST_IMPORT_MAX_BYTES } },
    );

    api.get('/contact-list-items', contactListsAccess, async ({ auth, query }) => {
      const { searchParam, contactListId } = await validate(listContactListItemsSchema, query);
      return this.items.page({ auth, contactListId, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/contact-list-items/:id', contactListsAccess, ({ auth, params }) =>
      this.items.show({ auth, itemId: idParam(params.id, CONTACT_LIST_ITEM_NOT_FOUND) }),
    );

    api.post(
      '/contact-list-items',
      contactListsAccess,
      async ({ auth, body }) => this.items.create({ auth, input: await validate(createContactListItemSchema, body) }),
      { status: 201 },
    );

    api.put('/contact-list-items/:id', contactListsAccess, async ({ auth, params, body }) => {
      const itemId = idParam(params.id, CONTACT_LIST_ITEM_NOT_FOUND);
      return this.items.update({ auth, itemId, input: await validate(updateContactListItemSchema, body) });
    });

    api.delete('/contact-list-items/:id', contactListsAccess, async ({ auth, params }) => {
      await this.items.remove({ auth, itemId: idParam(params.id, CONTACT_LIST_ITEM_NOT_FOUND) });
      return { message: 'Contato excluído com sucesso!' };
    });
  }
}
