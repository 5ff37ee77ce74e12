import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { onCallRules } from '@switchboard/sdk/contracts';
import type { OnCallDay, WeekdayEn } from './on-call.api';

export const weekdaysEn: WeekdayEn[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

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
  const rules = onCallRules({
    invalidTime: t('onCall.form.invalidTime'),
    startRequired: t('onCall.form.startRequired'),
    endRequired: t('onCall.form.endRequired'),
    interval: t('onCall.form.intervalRequired'),
  });
  return yup.object({
    userId: yup.number().typeError(t('onCall.form.userRequired')).required(t('onCall.form.userRequired')),
    phone: yup
      .string()
      .required(t('onCall.form.phoneRequired'))
      .test('digits', t('onCall.form.phoneRequired'), (value) => (value ?? '').replace(/\D/g, '').length > 0),
    interval: rules.interval,
    days: yup
      .array(yup.object({ startTime: rules.startTime, endTime: rules.endTime }))
      .test('one-complete-day', t('onCall.form.oneDay'), rules.oneCompleteDay),
  });
}
