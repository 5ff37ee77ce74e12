import { inject, injectable } from '@switchboard/sdk';
import type { Access } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { CampaignSettingsService } from './campaign-settings.service.js';
import { CampaignService } from './campaign.service.js';
import { campaignSettingsSchema, listCampaignsSchema, saveCampaignSchema, updateCampaignSchema } from './campaigns.schema.js';

const NOT_FOUND = 'ERR_NO_CAMPAIGN_FOUND';
/** Spec 3 §6 and DESIGN §7: the plan flag useCampaigns; the web menu shows the area to admins only. */
const campaignsAccess: Access = { profiles: ['admin'], planFlag: 'useCampaigns' };
/** A campaign's attachment: one file, as a chat message may carry. */
const CAMPAIGN_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/** Spec 3 §7 "Campaigns". */
@injectable()
export class CampaignsRoutes implements RouteContribution {
  readonly area = 'campaigns';

  constructor(
    @inject(CampaignService) private readonly campaigns: CampaignService,
    @inject(CampaignSettingsService) private readonly settings: CampaignSettingsService,
  ) {}

  register(api: ApiRouter): void {
    api.get('/campaigns', campaignsAccess, async ({ auth, query }) => {
      const { searchParam } = await validate(listCampaignsSchema, query);
      return this.campaigns.page({ auth, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/campaigns/:id', campaignsAccess, ({ auth, params }) =>
      this.campaigns.show({ auth, campaignId: idParam(params.id, NOT_FOUND) }),
    );

    api.post(
      '/campaigns',
      campaignsAccess,
      async ({ auth, body }) => this.campaigns.create({ auth, input: await validate(saveCampaignSchema, body) }),
      { status: 201 },
    );

    api.put('/campaigns/:id', campaignsAccess, async ({ auth, params, body }) => {
      const campaignId = idParam(params.id, NOT_FOUND);
      return this.campaigns.update({ auth, campaignId, input: await validate(updateCampaignSchema, body) });
    });

    api.delete('/campaigns/:id', campaignsAccess, async ({ auth, params }) => {
      await this.campaigns.remove({ auth, campaignId: idParam(params.id, NOT_FOUND) });
      return { message: 'Campanha excluída com sucesso!' };
    });

    api.post('/campaigns/:id/cancel', campaignsAccess, ({ auth, params }) =>
      this.campaigns.cancel({ auth, campaignId: idParam(params.id, NOT_FOUND) }),
    );

    api.post('/campaigns/:id/restart', campaignsAccess, ({ auth, params }) =>
      this.campaigns.restart({ auth, campaignId: idParam(params.id, NOT_FOUND) }),
    );

    api.post(
      '/campaigns/:id/media-upload',
      campaignsAccess,
      ({ auth, params, files }) =>
        this.campaigns.attachMedia({
          auth,
          campaignId: idParam(params.id, NOT_FOUND),
          file: files.find((file) => file.fieldname === 'file'),
        }),
      { upload: { fields: ['file'], maxFiles: 1, maxFileBytes: CAMPAIGN_MEDIA_MAX_BYTES } },
    );

    api.delete('/campaigns/:id/media-upload', campaignsAccess, ({ auth, params }) =>
      this.campaigns.detachMedia({ auth, campaignId: idParam(params.id, NOT_FOUND) }),
    );

    api.get('/campaign-settings', campaignsAccess, ({ auth }) => this.settings.pairs({ companyId: auth.companyId }));

    api.post('/campaign-settings', campaignsAccess, async ({ auth, body }) => {
      // The screen posts { settings: {...} }; the bare object is taken too.
      const given = (body as { settings?: unknown } | undefined)?.settings ?? body;
      return this.settings.save({ companyId: auth.companyId, input: await validate(campaignSettingsSchema, given) });
    });
  }
}
