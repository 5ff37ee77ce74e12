import { inject, injectable } from '@switchboard/sdk';
import type { Access } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { ScheduleService } from './schedule.service.js';
import { createScheduleSchema, listSchedulesSchema, updateScheduleSchema } from './schedules.schema.js';

const NOT_FOUND = 'ERR_NO_SCHEDULE_FOUND';
/** Spec 3 §2.4 / §6: the whole area needs the plan flag useSchedules. */
const schedulesAccess: Access = { planFlag: 'useSchedules' };

/** Spec 3 §7 "Schedules" (and spec 1 §7: the schedule dialog of a ticket). */
@injectable()
export class SchedulesRoutes implements RouteContribution {
  readonly area = 'schedules';

  constructor(@inject(ScheduleService) private readonly schedules: ScheduleService) {}

  register(api: ApiRouter): void {
    api.get('/schedules', schedulesAccess, async ({ auth, query }) => {
      const { searchParam, contactId } = await validate(listSchedulesSchema, query);
      return this.schedules.page({ auth, searchParam, contactId, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/schedules/:id', schedulesAccess, ({ auth, params }) =>
      this.schedules.show({ auth, scheduleId: idParam(params.id, NOT_FOUND) }),
    );

    api.post(
      '/schedules',
      schedulesAccess,
      async ({ auth, body }) => this.schedules.create({ auth, input: await validate(createScheduleSchema, body) }),
      { status: 201 },
    );

    api.put('/schedules/:id', schedulesAccess, async ({ auth, params, body }) => {
      const scheduleId = idParam(params.id, NOT_FOUND);
      return this.schedules.update({ auth, scheduleId, input: await validate(updateScheduleSchema, body) });
    });

    api.delete('/schedules/:id', schedulesAccess, async ({ auth, params }) => {
      await this.schedules.remove({ auth, scheduleId: idParam(params.id, NOT_FOUND) });
      return { message: 'Agendamento excluído com sucesso!' };
    });
  }
}
