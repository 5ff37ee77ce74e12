import { useMemo } from 'react';
import { Box, DialogContent, MenuItem, TextField, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query';
import { Form, Formik, getIn, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { useListUsersQuery } from '../users/users.api';
import { formWeek, onCallSchema } from './on-call-week';
import { useCreateOnCallEntryMutation, useOnCallEntryQuery, useUpdateOnCallEntryMutation, type OnCallEntry } from './on-call.api';

interface OnCallValues {
  userId: number | '';
  phone: string;
  interval: number | '';
  days: ReturnType<typeof formWeek>;
}

function initialValues(record: OnCallEntry | undefined): OnCallValues {
  return {
    userId: record?.userId ?? '',
    phone: record?.phone ?? '',
    // Spec 3 §9: a new entry's interval is 1.
    interval: record?.interval ?? 1,
    days: formWeek(record?.days),
  };
}

function fieldError(form: FormikProps<OnCallValues>, name: string): string | undefined {
  const error = getIn(form.errors, name) as unknown;
  return (getIn(form.touched, name) || form.submitCount > 0) && typeof error === 'string' ? error : undefined;
}

/**
 * Add or edit an on-call entry (spec 3 §2.13): the person (GET /users/list), the phone, the interval between
 * notifications in minutes, and a start and end time for each weekday.
 */
export function OnCallDialog(props: { open: boolean; entryId: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const editing = props.entryId !== null;
  const current = useOnCallEntryQuery(props.open && editing ? props.entryId! : skipToken, { refetchOnMountOrArgChange: true });
  const users = useListUsersQuery(props.open ? undefined : skipToken);
  const record = editing ? current.data : undefined;
  const [createRecord] = useCreateOnCallEntryMutation();
  const [updateRecord] = useUpdateOnCallEntryMutation();
  const schema = useMemo(() => onCallSchema(t), [t]);

  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="on-call-title"
      loading={editing && !record}
      title={editing ? t('onCall.form.editTitle') : t('onCall.form.addTitle')}
    >
      <Formik<OnCallValues>
        initialValues={initialValues(record)}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = {
            userId: Number(values.userId),
            phone: values.phone.replace(/\D/g, ''),
            interval: Number(values.interval),
            days: values.days,
          };
          try {
            if (record) await updateRecord({ id: record.id, ...body }).unwrap();
            else await createRecord(body).unwrap();
          } catch (error) {
            reportSaveError(error, helpers, values);
            return;
          }
          toast.success(t('onCall.toasts.saved'));
          props.onSaved();
          props.onClose();
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField
                select
                label={t('onCall.form.user')}
                name="userId"
                value={form.values.userId}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={Boolean(fieldError(form, 'userId'))}
                helperText={fieldError(form, 'userId')}
                size="small"
                fullWidth
              >
                {(users.data ?? []).map((user) => (
                  <MenuItem key={user.id} value={user.id}>
                    {user.name}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <TextField
                  label={t('onCall.form.phone')}
                  name="phone"
                  value={form.values.phone}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError(form, 'phone'))}
                  helperText={fieldError(form, 'phone')}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'tel' } }}
                />
                <TextField
                  label={t('onCall.form.interval')}
                  name="interval"
                  type="number"
                  value={form.values.interval}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError(form, 'interval'))}
                  helperText={fieldError(form, 'interval') ?? t('onCall.form.intervalHelp')}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { min: 1, step: 1 } }}
                />
              </Box>
              <Typography variant="subtitle2">{t('onCall.form.week')}</Typography>
              {form.values.days.map((day, index) => (
                <DayRow key={day.weekdayEn} form={form} index={index} />
              ))}
              {typeof form.errors.days === 'string' && form.submitCount > 0 ? (
                <Typography variant="caption" color="error" role="alert">
                  {form.errors.days}
                </Typography>
              ) : null}
            </DialogContent>
            <FormDialogActions
              submitting={form.isSubmitting}
              onCancel={props.onClose}
              submitLabel={editing ? t('common.save') : t('common.add')}
            />
          </Form>
        )}
      </Formik>
    </RecordFormDialog>
  );
}

/** One weekday: its name, and its start and end times. */
function DayRow(props: { form: FormikProps<OnCallValues>; index: number }) {
  const { t } = useTranslation();
  const { form, index } = props;
  const day = form.values.days[index]!;
  const weekday = t(`onCall.weekdays.${day.weekdayEn}`);
  const time = (field: 'startTime' | 'endTime') => {
    const name = `days[${index}].${field}`;
    const label = field === 'startTime' ? t('onCall.form.start') : t('onCall.form.end');
    return (
      <TextField
        label={label}
        name={name}
        type="time"
        value={day[field]}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(fieldError(form, name))}
        helperText={fieldError(form, name)}
        size="small"
        sx={{ flex: 1 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60, 'aria-label': `${label} ${weekday}` } }}
      />
    );
  };
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Typography sx={{ width: 110, pt: 1 }} variant="body2">
        {weekday}
      </Typography>
      {time('startTime')}
      {time('endTime')}
    </Box>
  );
}
