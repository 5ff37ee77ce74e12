import { useMemo } from 'react';
import { DialogContent, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { reportSaveError } from '../../components/records/form-errors';
import { formikTextField, shownError } from '../../components/records/form-fields';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { formatPlanAmount } from '../plans/plan-amount';
import { RECURRENCES, useAllPlansQuery } from '../plans/plans.api';
import { SUPER_COMPANY_ID, useCreateCompanyMutation, useUpdateCompanyMutation, type Company } from './companies.api';
import { companyFormSchema, companyFormValues, companyInputFrom, type CompanyFormValues } from './company-form';

const optionalTexts = ['phone', 'document', 'paymentMethod', 'addressStreet', 'addressCity', 'addressState'] as const;

/**
 * Add or edit a company (spec 2 §3, §5): e-mail and plan required, an empty due date saved as none. A password
 * creates (or resets) the company's admin, whose login is the company's e-mail. A save closes the dialog, so the
 * next one starts from a clean form (spec 2 §4).
 */
export function CompanyDialog(props: { open: boolean; company: Company | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { company, open } = props;
  // The plan choice shows its value only once the plans are there, so the form waits for them.
  const { data: plans = [], isLoading: plansLoading } = useAllPlansQuery(undefined, { skip: !open });
  const [createCompany] = useCreateCompanyMutation();
  const [updateCompany] = useUpdateCompanyMutation();
  const platformCompany = company?.id === SUPER_COMPANY_ID;
  const initialValues = useMemo(() => companyFormValues(company, new Date()), [company]);
  const schema = useMemo(
    () =>
      companyFormSchema({
        required: t('companies.form.required'),
        invalidEmail: t('companies.form.invalidEmail'),
        tooShort: t('companies.form.tooShort'),
        tooLong: t('companies.form.tooLong'),
      }),
    [t],
  );

  return (
    <RecordFormDialog
      open={open}
      onClose={props.onClose}
      titleId="company-dialog-title"
      loading={plansLoading}
      title={company ? t('companies.form.editTitle') : t('companies.form.addTitle')}
      maxWidth="md"
    >
      <Formik<CompanyFormValues>
        initialValues={initialValues}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = companyInputFrom(values, company);
          try {
            if (company) await updateCompany({ id: company.id, ...body }).unwrap();
            else await createCompany(body).unwrap();
            toast.success(t('companies.toasts.saved'));
            helpers.resetForm();
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => {
          const field = (name: keyof CompanyFormValues & string) => formikTextField(form, name, 'company');
          return (
            <Form noValidate>
              <DialogContent dividers sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                <TextField {...field('name')} label={t('companies.form.name')} required autoFocus />
                <TextField {...field('email')} label={t('companies.form.email')} type="email" required />
                <TextField {...field('planId')} select label={t('companies.form.plan')} required>
                  {plans.length === 0 ? (
                    <MenuItem disabled value="">
                      {t('companies.form.noPlans')}
                    </MenuItem>
                  ) : null}
                  {plans.map((plan) => (
                    <MenuItem key={plan.id} value={plan.id}>
                      {`${plan.name} · ${formatPlanAmount(plan.amount)}`}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  {...field('password')}
                  label={t('companies.form.password')}
                  type="password"
                  autoComplete="new-password"
                  helperText={shownError(form, 'password') ?? t(company ? 'companies.form.passwordKeep' : 'companies.form.passwordNew')}
                />
                <TextField
                  {...field('dueDate')}
                  type="date"
                  disabled={platformCompany}
                  label={t('companies.form.dueDate')}
                  helperText={form.values.dueDate ? undefined : t('companies.form.noDueDate')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField {...field('recurrence')} select label={t('companies.form.recurrence')}>
                  {RECURRENCES.map((recurrence) => (
                    <MenuItem key={recurrence} value={recurrence}>
                      {t(`plans.recurrences.${recurrence}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {optionalTexts.map((name) => (
                  <TextField key={name} {...field(name)} label={t(`companies.form.${name}`)} />
                ))}
                <FormControlLabel
                  control={<Switch name="status" checked={form.values.status} onChange={form.handleChange} disabled={platformCompany} />}
                  label={t('companies.form.status')}
                />
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={props.onClose}
                submitLabel={company ? t('common.save') : t('common.add')}
              />
            </Form>
          );
        }}
      </Formik>
    </RecordFormDialog>
  );
}
