import { useMemo } from 'react';
import { Box, DialogContent, FormControlLabel, FormGroup, FormLabel, InputAdornment, MenuItem, Switch, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { reportSaveError } from '../../components/records/form-errors';
import { formikTextField } from '../../components/records/form-fields';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { PLAN_COUNTERS, planFormSchema, planFormValues, planInputFrom, type PlanFormValues } from './plan-form';
import { PLAN_FLAGS, RECURRENCES, useCreatePlanMutation, useUpdatePlanMutation, type PlanRecord } from './plans.api';

/**
 * Add or edit a plan (spec 2 §3): its name, limits of users, connections and queues, amount and recurrence, the
 * feature flags the menus and pages follow, and whether sign-up offers it. A save closes the dialog, so the next
 * one starts from a clean form (spec 2 §4).
 */
export function PlanDialog(props: { open: boolean; plan: PlanRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { plan } = props;
  const [createPlan] = useCreatePlanMutation();
  const [updatePlan] = useUpdatePlanMutation();
  const initialValues = useMemo(() => planFormValues(plan), [plan]);
  const schema = useMemo(
    () =>
      planFormSchema({
        required: t('plans.form.required'),
        tooLong: t('plans.form.tooLong'),
        atLeastOne: t('plans.form.atLeastOne'),
        wholeNumber: t('plans.form.wholeNumber'),
        invalidAmount: t('plans.form.invalidAmount'),
      }),
    [t],
  );

  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="plan-dialog-title"
      title={plan ? t('plans.form.editTitle') : t('plans.form.addTitle')}
      maxWidth="md"
    >
      <Formik<PlanFormValues>
        initialValues={initialValues}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = planInputFrom(values);
          try {
            if (plan) await updatePlan({ id: plan.id, ...body }).unwrap();
            else await createPlan(body).unwrap();
            toast.success(t('plans.toasts.saved'));
            helpers.resetForm();
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => {
          const field = (name: keyof PlanFormValues & string) => formikTextField(form, name, 'plan');
          const toggle = (name: keyof PlanFormValues & string, label: string) => (
            <FormControlLabel
              key={name}
              control={<Switch name={name} checked={Boolean(form.values[name])} onChange={form.handleChange} />}
              label={label}
            />
          );
          return (
            <Form noValidate>
              <DialogContent dividers sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
                <TextField {...field('name')} label={t('plans.form.name')} required autoFocus sx={{ gridColumn: { sm: 'span 2' } }} />
                <TextField
                  {...field('amount')}
                  label={t('plans.form.amount')}
                  required
                  inputMode="decimal"
                  slotProps={{ input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> } }}
                />
                {PLAN_COUNTERS.map((name) => (
                  <TextField
                    key={name}
                    {...field(name)}
                    label={t(`plans.form.${name}`)}
                    required
                    type="number"
                    slotProps={{ htmlInput: { min: 1, step: 1 } }}
                  />
                ))}
                <TextField {...field('recurrence')} select label={t('plans.form.recurrence')}>
                  {RECURRENCES.map((recurrence) => (
                    <MenuItem key={recurrence} value={recurrence}>
                      {t(`plans.recurrences.${recurrence}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <Box sx={{ gridColumn: { sm: 'span 2' }, display: 'flex', alignItems: 'center' }}>
                  {toggle('isPublic', t('plans.form.isPublic'))}
                </Box>
                <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, m: 0, p: 0 }}>
                  <FormLabel component="legend" sx={{ mb: 0.5 }}>
                    {t('plans.form.features')}
                  </FormLabel>
                  <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
                    {PLAN_FLAGS.map((flag) => toggle(flag, t(`plans.flags.${flag}`)))}
                  </FormGroup>
                </Box>
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={props.onClose}
                submitLabel={plan ? t('common.save') : t('common.add')}
              />
            </Form>
          );
        }}
      </Formik>
    </RecordFormDialog>
  );
}
