import type { TFunction } from 'i18next';
import * as yup from 'yup';
import type { OnCallDay, WeekdayEn } from './on-call.api';

export const weekdaysEn: WeekdayEn[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The form's week: the stored days by weekday, every weekday present. */
export function formWeek(days: readonly OnCallDay[] | undefined): { weekdayEn: WeekdayEn; startTime: string; endTime: string }[] {
  const byWeekday = new Map((days ?? []).map((day) => [day.weekdayEn, day]));
  return weekdaysEn.map((weekdayEn) => ({
    weekdayEn,
    startTime: byWeekday.get(weekdayEn)?.startTime ?? '',
    endTime: byWeekday.get(weekdayEn)?.endTime ?? '',
  }));
}

/** The table's schedules column: the days with a shift, e.g. "Seg 08:00–12:00, Ter 22:00–06:00". */
export function weekSummary(days: readonly OnCallDay[], t: TFunction): string {
  return formWeek(days)
    .filter((day) => day.startTime && day.endTime)
    .map((day) => `${t(`onCall.weekdaysShort.${day.weekdayEn}`)} ${day.startTime}–${day.endTime}`)
    .join(', ');
}

/** The entry's rules and texts (spec 3 §5), as the server applies them. */
export function onCallSchema(t: TFunction) {
  const time = yup
    .string()
    .default('')
    .matches(HH_MM, { message: t('onCall.form.invalidTime'), excludeEmptyString: true });
  return yup.object({
    userId: yup.number().typeError(t('onCall.form.userRequired')).required(t('onCall.form.userRequired')),
    phone: yup
      .string()
      .required(t('onCall.form.phoneRequired'))
      .test('digits', t('onCall.form.phoneRequired'), (value) => (value ?? '').replace(/\D/g, '').length > 0),
    interval: yup
      .number()
      .typeError(t('onCall.form.intervalRequired'))
      .required(t('onCall.form.intervalRequired'))
      .integer(t('onCall.form.intervalRequired'))
      .min(1, t('onCall.form.intervalRequired')),
    days: yup
      .array(
        yup.object({
          startTime: time.test('start-with-end', t('onCall.form.startRequired'), function startWithEnd(value) {
            return Boolean(value) || !this.parent.endTime;
          }),
          endTime: time.test('end-with-start', t('onCall.form.endRequired'), function endWithStart(value) {
            return Boolean(value) || !this.parent.startTime;
          }),
        }),
      )
      .test('one-complete-day', t('onCall.form.oneDay'), (days) => (days ?? []).some((day) => day.startTime && day.endTime)),
  });
}
