import * as yup from 'yup';
import type { CompanyUser, UserInput } from './users.api';

/** The user dialog's values: the on/off fields of the API as switches, the connection '' when there is none. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: string;
  queueIds: number[];
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allTicket: boolean;
  allowGroup: boolean;
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
  whatsappId: number | '';
}

/** The permission switches of the dialog, in display order. */
export const permissionSwitches = ['allTicket', 'allowGroup', 'showDashboard', 'allowRealTime', 'allowConnections'] as const;

/** Spec 2 §3: a new user works from 00:00 to 23:59. */
export const DEFAULT_START_WORK = '00:00';
export const DEFAULT_END_WORK = '23:59';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The dialog's starting values: the user being edited, or a new user with the spec's defaults. */
export function userFormValues(user?: CompanyUser | null): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? 'user',
    queueIds: user?.queueIds ? (user.queueIds as number[]) : (user?.queues ?? []).map((queue) => queue.id),
    startWork: user?.startWork || DEFAULT_START_WORK,
    endWork: user?.endWork || DEFAULT_END_WORK,
    farewellMessage: user?.farewellMessage ?? '',
    allTicket: user?.allTicket === 'enable',
    allowGroup: user?.allowGroup === true,
    showDashboard: user?.showDashboard === 'enabled',
    allowRealTime: user?.allowRealTime === 'enabled',
    allowConnections: user?.allowConnections === 'enabled',
    whatsappId: user?.whatsappId ?? '',
  };
}

/** The texts of the schema's messages, translated by the caller (spec 2 §5 user form). */
export interface UserFormMessages {
  tooShort: string;
  tooLong: string;
  required: string;
  invalidEmail: string;
  invalidTime: string;
}

/** Spec 2 §5: name 2..50 and e-mail valid, both required; password 5..50, required only for a new user. */
export function userFormSchema(messages: UserFormMessages, editing: boolean) {
  const password = yup.string().min(5, messages.tooShort).max(50, messages.tooLong);
  return yup.object({
    name: yup.string().trim().min(2, messages.tooShort).max(50, messages.tooLong).required(messages.required),
    email: yup.string().trim().email(messages.invalidEmail).required(messages.required),
    // On edit an empty password means "keep the current one", not a too-short one.
    password: editing ? password.transform((value: string) => (value === '' ? undefined : value)) : password.required(messages.required),
    startWork: yup.string().matches(HH_MM, messages.invalidTime).required(messages.required),
    endWork: yup.string().matches(HH_MM, messages.invalidTime).required(messages.required),
  });
}

/** The API body for the values; an empty password on edit is left out so the current one stays. */
export function userInputFrom(values: UserFormValues): UserInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(values.password ? { password: values.password } : {}),
    profile: values.profile,
    queueIds: values.queueIds,
    startWork: values.startWork,
    endWork: values.endWork,
    farewellMessage: values.farewellMessage,
    allTicket: values.allTicket ? 'enable' : 'disable',
    allowGroup: values.allowGroup,
    showDashboard: values.showDashboard ? 'enabled' : 'disabled',
    allowRealTime: values.allowRealTime ? 'enabled' : 'disabled',
    allowConnections: values.allowConnections ? 'enabled' : 'disabled',
    whatsappId: values.whatsappId === '' ? null : values.whatsappId,
  };
}
