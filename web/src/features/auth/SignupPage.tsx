import { useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { usePublicPlansQuery, useSignupMutation, type PublicPlan } from './auth.api';
import { authErrorText, serverError } from './auth-errors';
import { OtherPageLink, SubmitButton } from './AuthFormParts';
import { AuthLayout } from './AuthLayout';
import { fieldProps } from './form-field';
import { PasswordField } from './PasswordField';
import { PasswordStrengthBar } from './PasswordStrength';
import { COUNTRY_CODE, PhoneField } from './PhoneField';

interface SignupValues {
  name: string;
  companyName: string;
  email: string;
  password: string;
  phone: string;
  planId: string;
  termo: boolean;
}

function PlanOption({ plan }: { plan: PublicPlan }) {
  const { t, i18n } = useTranslation();
  const amount = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'BRL' }).format(plan.amount);
  return (
    <ListItemText
      primary={plan.name}
      secondary={t('auth.signup.planDetails', { users: plan.users, connections: plan.connections, queues: plan.queues, amount })}
      sx={{ my: 0 }}
    />
  );
}

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const plans = usePublicPlansQuery();
  const [signup] = useSignupMutation();
  // A referral link may name the company (spec 1 §2); it travels with the payload.
  const companyId = Number(searchParams.get('companyId')) || undefined;

  const schema = useMemo(() => {
    const v = (key: string) => t(`auth.signup.validation.${key}`);
    return yup.object({
      name: yup.string().trim().required(v('nameRequired')).min(2, v('tooShort')).max(50, v('tooLong')),
      companyName: yup.string().trim().required(v('companyNameRequired')).min(2, v('tooShort')).max(50, v('tooLong')),
      email: yup.string().trim().required(v('emailRequired')).email(v('emailInvalid')),
      password: yup
        .string()
        .required(v('passwordRequired'))
        .min(8, v('passwordMin'))
        .matches(/[a-z]/, v('passwordLower'))
        .matches(/[A-Z]/, v('passwordUpper')),
      phone: yup
        .string()
        .required(v('phoneRequired'))
        .matches(/^\d{11}$/, v('phoneDigits')),
      planId: yup.string().required(v('planRequired')),
      termo: yup.boolean().oneOf([true], v('termsRequired')),
    });
    // Rebuilt when the language changes, so the messages follow it.
  }, [t, i18n.language]);

  const formik = useFormik<SignupValues>({
    initialValues: { name: '', companyName: '', email: '', password: '', phone: '', planId: '', termo: false },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        await signup({
          name: values.name.trim(),
          companyName: values.companyName.trim(),
          email: values.email.trim(),
          password: values.password,
          phone: `${COUNTRY_CODE}${values.phone}`,
          planId: Number(values.planId),
          companyId,
          termo: values.termo,
        }).unwrap();
        toast.success(t('auth.signup.success'));
        navigate('/login', { replace: true });
      } catch (error) {
        const { error: code, message, fields } = serverError(error);
        const text = code === 'ERR_VALIDATION' && message ? message : authErrorText(error, t('auth.signup.failed'));
        toast.error(text);
        // Show the server's verdict next to the field it concerns (e-mail or company already taken).
        if (fields) {
          const known = Object.keys(fields).filter((field): field is keyof SignupValues & string => field in values);
          if (known.length === 1 && code !== 'ERR_VALIDATION') helpers.setFieldError(known[0], text);
          else for (const field of known) helpers.setFieldError(field, fields[field]);
        }
      }
    },
  });

  const planField = fieldProps(formik, 'planId');
  const termsError = formik.touched.termo && formik.errors.termo;

  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} carousel>
      <Stack component="form" noValidate spacing={2} onSubmit={formik.handleSubmit}>
        <TextField {...fieldProps(formik, 'name')} label={t('auth.signup.name')} autoComplete="name" required fullWidth />
        <TextField
          {...fieldProps(formik, 'companyName')}
          label={t('auth.signup.companyName')}
          autoComplete="organization"
          required
          fullWidth
        />
        <TextField {...fieldProps(formik, 'email')} label={t('auth.signup.email')} type="email" autoComplete="email" required fullWidth />
        <Box>
          <PasswordField
            {...fieldProps(formik, 'password')}
            label={t('auth.signup.password')}
            autoComplete="new-password"
            required
            fullWidth
          />
          <PasswordStrengthBar password={formik.values.password} />
        </Box>
        <PhoneField
          {...fieldProps(formik, 'phone')}
          label={t('auth.signup.phone')}
          helperText={fieldProps(formik, 'phone').helperText ?? t('auth.signup.phoneHint')}
          required
          fullWidth
        />
        {plans.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void plans.refetch()}>
                {t('auth.signup.retry')}
              </Button>
            }
          >
            {t('auth.signup.plansError')}
          </Alert>
        ) : (
          <TextField
            {...planField}
            select
            label={t('auth.signup.plan')}
            required
            fullWidth
            disabled={plans.isLoading}
            helperText={planField.helperText ?? (plans.data?.length === 0 ? t('auth.signup.noPlans') : undefined)}
            slotProps={{
              select: {
                renderValue: (value) => plans.data?.find((plan) => String(plan.id) === value)?.name ?? '',
              },
            }}
          >
            {(plans.data ?? []).map((plan) => (
              <MenuItem key={plan.id} value={String(plan.id)}>
                <PlanOption plan={plan} />
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box>
          <FormControlLabel
            control={<Checkbox name="termo" checked={formik.values.termo} onChange={formik.handleChange} onBlur={formik.handleBlur} />}
            label={t('auth.signup.terms')}
          />
          {termsError && <FormHelperText error>{termsError}</FormHelperText>}
        </Box>
        <SubmitButton busy={formik.isSubmitting}>{t('auth.signup.submit')}</SubmitButton>
        <OtherPageLink lead={t('auth.signup.haveAccount')} label={t('auth.signup.login')} to="/login" />
      </Stack>
    </AuthLayout>
  );
}
