import { useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { Link, Stack, TextField } from '@mui/material';
import { useLoginMutation } from './auth.api';
import { authErrorText } from './auth-errors';
import { OtherPageLink, SubmitButton } from './AuthFormParts';
import { AuthLayout } from './AuthLayout';
import { fieldProps } from './form-field';
import { PasswordField } from './PasswordField';
import { afterSignIn } from './subscription';

// Wrong credentials get the page's own text rather than the generic authentication error.
const LOGIN_CODES = { ERR_INVALID_CREDENTIALS: 'auth.login.failed', ERR_VALIDATION: 'auth.login.failed' };

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [login] = useLoginMutation();

  const schema = useMemo(
    () =>
      yup.object({
        email: yup.string().trim().required(t('auth.login.validation.emailRequired')).email(t('auth.login.validation.emailInvalid')),
        password: yup.string().required(t('auth.login.validation.passwordRequired')).min(6, t('auth.login.validation.passwordMin')),
      }),
    // Rebuilt when the language changes, so the messages follow it.
    [t, i18n.language],
  );

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: schema,
    // Errors appearing on blur would shift the links below the fields under a pointer on its way to them.
    validateOnBlur: false,
    onSubmit: async (values) => {
      try {
        const { user } = await login({ email: values.email.trim(), password: values.password }).unwrap();
        const { path, daysLeft } = afterSignIn(user);
        if (daysLeft !== undefined) toast.warn(t('auth.login.expiresSoon', { count: daysLeft }));
        navigate(path, { replace: true });
      } catch (error) {
        toast.error(authErrorText(error, t('auth.login.failed'), LOGIN_CODES));
      }
    },
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Stack component="form" noValidate spacing={2} onSubmit={formik.handleSubmit}>
        <TextField {...fieldProps(formik, 'email')} label={t('auth.login.email')} type="email" autoComplete="email" autoFocus fullWidth />
        <PasswordField {...fieldProps(formik, 'password')} label={t('auth.login.password')} autoComplete="current-password" fullWidth />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Link component={RouterLink} to="/recovery-password" variant="body2">
            {t('auth.login.forgotPassword')}
          </Link>
        </Stack>
        <SubmitButton busy={formik.isSubmitting}>{t('auth.login.submit')}</SubmitButton>
        <OtherPageLink lead={t('auth.login.noAccount')} label={t('auth.login.signup')} to="/signup" />
      </Stack>
    </AuthLayout>
  );
}
