import * as yup from 'yup';
import { RECURRENCES, type Recurrence } from '../plans/plans.api';
import type { Company, CompanyInput } from './companies.api';
import { dueDateOfDay, dueDay, suggestedDueDay } from './company-due-date';

/** The company dialog's values: texts as typed, the plan '' until one is chosen, the due date as a yyyy-MM-dd day. */
export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: number | '';
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  document: string;
  paymentMethod: string;
  addressStreet: string;
  addressCity: string;
  addressState: string;
}

/** The company being edited, or a new active company billed monthly and due a month from now. */
export function companyFormValues(company: Company | null | undefined, now: Date): CompanyFormValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    password: '',
    planId: company?.planId ?? '',
    status: company?.status ?? true,
    dueDate: company ? dueDay(company.dueDate) : suggestedDueDay(now),
    recurrence: company?.recurrence ?? 'MENSAL',
    document: company?.document ?? '',
    paymentMethod: company?.paymentMethod ?? '',
    addressStreet: company?.addressStreet ?? '',
    addressCity: company?.addressCity ?? '',
    addressState: company?.addressState ?? '',
  };
}

export interface CompanyFormMessages {
  required: string;
  invalidEmail: string;
  tooShort: string;
  tooLong: string;
}

/** Spec 2 §5: e-mail and plan required (the server also needs a name); an admin password is 5 to 50 characters. */
export function companyFormSchema(messages: CompanyFormMessages) {
  return yup.object({
    name: yup.string().trim().required(messages.required).min(2, messages.tooShort).max(100, messages.tooLong),
    email: yup.string().trim().required(messages.required).email(messages.invalidEmail),
    planId: yup.mixed().test('chosen', messages.required, (value) => typeof value === 'number' && value > 0),
    password: yup
      .string()
      .transform((value: string) => (value === '' ? undefined : value))
      .min(5, messages.tooShort)
      .max(50, messages.tooLong),
    recurrence: yup.string().oneOf([...RECURRENCES]),
  });
}

const optional = (text: string) => text.trim() || null;

/**
 * The body of POST or PUT /companies. An empty or invalid due day is null (spec 2 §5); an edit that leaves the day
 * as it was sends none, so the stored instant (a renewal's time of day) is kept. The password goes only when typed.
 */
export function companyInputFrom(values: CompanyFormValues, editing?: Company | null): CompanyInput {
  const unchangedDay = editing && values.dueDate === dueDay(editing.dueDate);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    planId: Number(values.planId),
    status: values.status,
    recurrence: values.recurrence,
    ...(unchangedDay ? {} : { dueDate: dueDateOfDay(values.dueDate) }),
    ...(values.password ? { password: values.password } : {}),
    phone: optional(values.phone),
    document: optional(values.document),
    paymentMethod: optional(values.paymentMethod),
    addressStreet: optional(values.addressStreet),
    addressCity: optional(values.addressCity),
    addressState: optional(values.addressState),
  };
}
