import * as yup from 'yup';

export const createConnectionSchema = yup.object({
  name: yup.string().trim().required('Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  channel: yup.string().trim().default('whatsapp'),
  isDefault: yup.boolean().default(false),
  greetingMessage: yup.string().max(4096).optional(),
  complationMessage: yup.string().max(4096).optional(),
  outOfHoursMessage: yup.string().max(4096).optional(),
  ratingMessage: yup.string().max(4096).optional(),
  allowGroup: yup.boolean().optional(),
  groupAsTicket: yup.string().oneOf(['enabled', 'disabled']).optional(),
  timeCreateNewTicket: yup.number().integer().min(0).max(525600).optional(),
});
