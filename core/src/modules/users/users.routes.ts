import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly, signedIn } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { createUserSchema, listSummarySchema, listUsersSchema, PROFILE_IMAGE_MAX_BYTES, updateUserSchema } from './users.schema.js';
import { UsersService } from './users.service.js';

const NOT_FOUND = 'ERR_NO_USER_FOUND';

/** Users (spec 1 §7, spec 2 §7 Users). Who may touch which user is decided by UsersService. */
@injectable()
export class UsersRoutes implements RouteContribution {
  readonly area = 'users';

  constructor(@inject(UsersService) private readonly users: UsersService) {}

  register(api: ApiRouter): void {
    api.get('/users', adminOnly, async ({ auth, query }) => {
      const { searchParam, companyId } = await validate(listUsersSchema, query);
      return this.users.list({ auth, searchParam, companyId, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/users/list', signedIn, async ({ auth, query }) => {
      const { companyId } = await validate(listSummarySchema, query);
      return this.users.listSummary({ auth, companyId });
    });

    api.get('/users/:id', signedIn, ({ auth, params }) => this.users.show({ auth, userId: idParam(params.id, NOT_FOUND) }));

    api.post('/users', adminOnly, async ({ auth, body }) => this.users.create({ auth, input: await validate(createUserSchema, body) }), {
      status: 201,
    });

    api.put('/users/:id', signedIn, async ({ auth, params, body }) => {
      const userId = idParam(params.id, NOT_FOUND);
      return this.users.update({ auth, userId, input: await validate(updateUserSchema, body) });
    });

    api.delete('/users/:id', adminOnly, async ({ auth, params }) => {
      await this.users.remove({ auth, userId: idParam(params.id, NOT_FOUND) });
      return { message: 'User deleted' };
    });

    api.post(
      '/users/:id/media-upload',
      signedIn,
      ({ auth, params, files }) =>
        this.users.uploadImage({
          auth,
          userId: idParam(params.id, NOT_FOUND),
          file: files.find((file) => file.fieldname === 'profileImage'),
        }),
      { upload: { fields: ['profileImage'], maxFiles: 1, maxFileBytes: PROFILE_IMAGE_MAX_BYTES } },
    );

    api.delete('/users/:id/media', signedIn, ({ auth, params }) => this.users.removeImage({ auth, userId: idParam(params.id, NOT_FOUND) }));
  }
}
