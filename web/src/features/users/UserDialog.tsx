import { useMemo } from 'react';
import { Box, Checkbox, Chip, DialogContent, FormControlLabel, FormGroup, ListItemText, MenuItem, Switch, TextField } from '@mui/material';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { reportSaveError } from '../../components/records/form-errors';
import { formikTextField, shownError } from '../../components/records/form-fields';
import { useListConnectionsQuery } from '../connections/connections.api';
import { useQueuesQuery } from '../queues/queues.api';
import { permissionSwitches, userFormSchema, userFormValues, userInputFrom, type UserFormValues } from './user-form';
import { useCreateUserMutation, useUpdateUserMutation, useUserQuery, type CompanyUser } from './users.api';

/** Spec 2 §9: working hours move in 10-minute steps. */
const WORK_TIME_STEP_SECONDS = 600;

/**
 * Add or edit a user of the company (spec 2 §2 Users, §5): name, e-mail, password (kept when left empty on edit),
 * profile, queues, working hours, farewell message, default connection and the permission switches.
 */
export function UserDialog(props: { open: boolean; userId?: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = props.userId != null;
  const { data: stored, isFetching } = useUserQuery(props.userId ?? 0, {
    skip: !props.open || !editing,
    refetchOnMountOrArgChange: true,
  });
  const { data: queues = [] } = useQueuesQuery(undefined, { skip: !props.open });
  const { data: connections = [] } = useListConnectionsQuery(undefined, { skip: !props.open });
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();

  const schema = useMemo(
    () =>
      userFormSchema(
        {
          tooShort: t('users.validation.tooShort'),
          tooLong: t('users.validation.tooLong'),
          required: t('users.validation.required'),
          invalidEmail: t('users.validation.invalidEmail'),
          invalidTime: t('users.validation.invalidTime'),
        },
        editing,
      ),
    [t, editing],
  );
  const user = editing ? (stored as CompanyUser | undefined) : null;
  const loading = editing && (!user || (isFetching && user.id !== props.userId));
  // A supervisor stays one unless the admin picks another profile.
  const profiles = user?.profile === 'supervisor' ? ['admin', 'user', 'supervisor'] : ['admin', 'user'];

  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="user-dialog-title"
      loading={loading}
      title={editing ? t('users.form.editTitle') : t('users.form.addTitle')}
    >
      <Formik<UserFormValues>
        initialValues={userFormValues(user)}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = userInputFrom(values);
          try {
            if (editing) await updateUser({ id: props.userId!, ...body }).unwrap();
            else await createUser(body).unwrap();
            toast.success(t('users.toasts.saved'));
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogContent dividers sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <TextField {...formikTextField(form, 'name', 'user')} label={t('users.form.name')} autoFocus required />
              <TextField
                {...formikTextField(form, 'password', 'user')}
                label={t('users.form.password')}
                type="password"
                autoComplete="new-password"
                required={!editing}
                helperText={shownError(form, 'password') ?? (editing ? t('users.form.passwordKeep') : undefined)}
              />
              <TextField {...formikTextField(form, 'email', 'user')} label={t('users.form.email')} type="email" required />
              <TextField {...formikTextField(form, 'profile', 'user')} select label={t('users.form.profile')}>
                {profiles.map((profile) => (
                  <MenuItem key={profile} value={profile}>
                    {t(`users.profiles.${profile}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...formikTextField(form, 'queueIds', 'user')}
                select
                label={t('users.form.queues')}
                sx={{ gridColumn: '1 / -1' }}
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (selected) => (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {(selected as number[]).map((id) => {
                          const queue = queues.find((candidate) => candidate.id === id);
                          return (
                            <Chip key={id} size="small" variant="outlined" label={queue?.name ?? id} sx={{ borderColor: queue?.color }} />
                          );
                        })}
                      </Box>
                    ),
                  },
                }}
              >
                {queues.length === 0 ? (
                  <MenuItem disabled value="">
                    {t('users.form.noQueues')}
                  </MenuItem>
                ) : null}
                {queues.map((queue) => (
                  <MenuItem key={queue.id} value={queue.id}>
                    <Checkbox size="small" checked={form.values.queueIds.includes(queue.id)} />
                    <ListItemText primary={queue.name} />
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...formikTextField(form, 'whatsappId', 'user')}
                select
                label={t('users.form.connection')}
                sx={{ gridColumn: '1 / -1' }}
              >
                <MenuItem value="">{t('users.form.noConnection')}</MenuItem>
                {connections.map((connection) => (
                  <MenuItem key={connection.id} value={connection.id}>
                    {connection.name}
                  </MenuItem>
                ))}
              </TextField>
              {(['startWork', 'endWork'] as const).map((field) => (
                <TextField
                  key={field}
                  {...formikTextField(form, field, 'user')}
                  type="time"
                  label={t(`users.form.${field}`)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: WORK_TIME_STEP_SECONDS } }}
                />
              ))}
              <TextField
                {...formikTextField(form, 'farewellMessage', 'user')}
                label={t('users.form.farewellMessage')}
                multiline
                minRows={2}
                sx={{ gridColumn: '1 / -1' }}
              />
              <FormGroup sx={{ gridColumn: '1 / -1' }}>
                {permissionSwitches.map((field) => (
                  <FormControlLabel
                    key={field}
                    control={<Switch name={field} checked={form.values[field]} onChange={form.handleChange} />}
                    label={t(`users.form.permissions.${field}`)}
                  />
                ))}
              </FormGroup>
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
