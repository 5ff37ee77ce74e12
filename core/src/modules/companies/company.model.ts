import { Model } from 'objection';
import { BaseModel } from '../../platform/database/model.js';
import { PlanModel, type Recurrence } from '../plans/index.js';

/** A tenant. Company 1 is the super company and never expires. */
export class CompanyModel extends BaseModel {
  static override tableName = 'companies';

  name!: string;
  email!: string | null;
  phone!: string | null;
  planId!: number;
  status!: boolean;
  dueDate!: Date | null;
  recurrence!: Recurrence;
  document!: string | null;
  paymentMethod!: string | null;
  lastLogin!: Date | null;
  addressStreet!: string | null;
  addressState!: string | null;
  addressCity!: string | null;
  schedules!: unknown[];
  timezone!: string;
  plan?: PlanModel;

  static override get relationMappings() {
    return {
      plan: { relation: Model.BelongsToOneRelation, modelClass: PlanModel, join: { from: 'companies.plan_id', to: 'plans.id' } },
    };
  }

  static override get jsonAttributes() {
    return ['schedules'];
  }
}
