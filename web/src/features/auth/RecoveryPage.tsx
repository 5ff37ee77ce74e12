import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { Button, Link, Stack, Step, StepLabel, Stepper, TextField, Typography } from '@mui/material';
import { useResetPasswordMutation, useSendRecoveryCodeMutation, useVerifyRecoveryCodeMutation } from './auth.api';
import { authErrorText, serverError } from './auth-errors';
import { SubmitButton } from './AuthFormParts';
import { AuthLayout } from './AuthLayout';
import { fieldProps } from './form-field';
import { PasswordField } from './PasswordField';
import { COUNTRY_CODE, PhoneField } from './PhoneField';

// Spec 1 §2: three wrong codes end the attempt (the server also stops accepting the code after three).
const MAX_ATTEMPTS = 3;
const EXCEEDED_REDIRECT_MS = 3000;
const SAVED_REDIRECT_MS = 2000;

const STEPS = ['number', 'code', 'password'] as const;
const m = (key: string) => `auth.recovery.messages.${key}`;

// Recovery down on the server side (no connected default connection) is not the visitor's fault.
const SEND_CODES = {
  ERR_NO_DEF_WAPP_FOUND: m('unavailable'),
  ERR_WAPP_NOT_INITIALIZED: m('unavailable'),
  ERR_SENDING_WAPP_MSG: m('sendFailed'),
  ERR_VALIDATION: m('invalidNumber'),
};

// Forms of one field check on submit: an error appearing on blur would move the links under the pointer.

/** Goes to /login after a delay; the timer dies with the page. */
function useDelayedLogin() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    leaving,
    leaveAfter(ms: number) {
      setLeaving(true);
      timer.current = setTimeout(() => navigate('/login', { replace: true }), ms);
    },
  };
}

export default function RecoveryPage() {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState(0);
  const [number, setNumber] = useState('');
  const [grant, setGrant] = useState<{ userId: number; token: string } | null>(null);
  const [wrongAttempts, setWrongAttempts] = useState(0);
  const { leaving, leaveAfter } = useDelayedLogin();
  const [sendCode] = useSendRecoveryCodeMutation();
  const [verifyCode] = useVerifyRecoveryCodeMutation();
  const [resetPassword] = useResetPasswordMutation();

  const schemas = useMemo(
    () => ({
      number: yup.object({
        wpp: yup
          .string()
          .required(t(m('invalidNumber')))
          .min(10, t(m('invalidNumber'))),
      }),
      code: yup.object({
        code: yup
          .string()
          .trim()
          .required(t(m('codeRequired'))),
      }),
      password: yup.object({
        newPassword: yup
          .string()
          .required(t(m('passwordMin')))
          .min(6, t(m('passwordMin'))),
      }),
    }),
    // Rebuilt when the language changes, so the messages follow it.
    [t, i18n.language],
  );

  const numberForm = useFormik({
    initialValues: { wpp: '' },
    validationSchema: schemas.number,
    validateOnBlur: false,
    onSubmit: async ({ wpp }) => {
      const full = `${COUNTRY_CODE}${wpp}`;
      try {
        await sendCode({ wpp: full }).unwrap();
        toast.success(t(m('codeSent')));
        setNumber(full);
        setWrongAttempts(0);
        setStep(1);
      } catch (error) {
        // The server's own reason when it gives one we can translate, else the generic text (spec 1 §8).
        toast.error(authErrorText(error, t(m('sendFailed')), SEND_CODES));
      }
    },
  });

  const exceeded = () => {
    toast.error(t(m('attemptsExceeded')));
    leaveAfter(EXCEEDED_REDIRECT_MS);
  };

  const codeForm = useFormik({
    initialValues: { code: '' },
    validationSchema: schemas.code,
    validateOnBlur: false,
    onSubmit: async ({ code }, helpers) => {
      try {
        const answer = await verifyCode({ number, code: code.trim() }).unwrap();
        toast.success(t(m('codeValid')));
        setGrant({ userId: answer.userId, token: answer.token });
        setStep(2);
      } catch (error) {
        const reason = serverError(error).error;
        if (reason === 'ERR_TOO_MANY_ATTEMPTS') return exceeded();
        if (reason !== 'ERR_INVALID_CODE') return void toast.error(authErrorText(error, t(m('verifyFailed'))));
        const attempts = wrongAttempts + 1;
        setWrongAttempts(attempts);
        helpers.resetForm();
        if (attempts >= MAX_ATTEMPTS) return exceeded();
        toast.error(t(m('invalidCode')));
      }
    },
  });

  const passwordForm = useFormik({
    initialValues: { newPassword: '' },
    validationSchema: schemas.password,
    validateOnBlur: false,
    onSubmit: async ({ newPassword }) => {
      if (!grant) return;
      try {
        await resetPassword({ ...grant, newPassword }).unwrap();
        toast.success(t(m('passwordSaved')));
        leaveAfter(SAVED_REDIRECT_MS);
      } catch (error) {
        toast.error(authErrorText(error, t(m('saveFailed')), { ERR_INVALID_CODE: m('invalidCode') }));
      }
    },
  });

  const attemptsLeft = MAX_ATTEMPTS - wrongAttempts;

  return (
    <AuthLayout title={t('auth.recovery.title')} carousel>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel>{t(`auth.recovery.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {step === 0 && (
        <Stack component="form" noValidate spacing={2} onSubmit={numberForm.handleSubmit}>
          <Typography variant="body2" color="text.secondary">
            {t('auth.recovery.numberIntro')}
          </Typography>
          <PhoneField
            {...fieldProps(numberForm, 'wpp')}
            label={t('auth.recovery.number')}
            helperText={fieldProps(numberForm, 'wpp').helperText ?? t('auth.recovery.numberHint')}
            autoFocus
            fullWidth
          />
          <SubmitButton busy={numberForm.isSubmitting}>{t('auth.recovery.send')}</SubmitButton>
        </Stack>
      )}

      {step === 1 && (
        <Stack component="form" noValidate spacing={2} onSubmit={codeForm.handleSubmit}>
          <Typography variant="body2" color="text.secondary">
            {t('auth.recovery.codeIntro', { number: `+${number}` })}
          </Typography>
          <TextField
            {...fieldProps(codeForm, 'code')}
            label={t('auth.recovery.code')}
            helperText={
              fieldProps(codeForm, 'code').helperText ??
              (wrongAttempts > 0 ? t('auth.recovery.attemptsLeft', { count: attemptsLeft }) : undefined)
            }
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            disabled={leaving}
            autoFocus
            fullWidth
          />
          <SubmitButton busy={codeForm.isSubmitting} disabled={leaving}>
            {t('auth.recovery.verify')}
          </SubmitButton>
          <Button variant="text" disabled={leaving || codeForm.isSubmitting} onClick={() => setStep(0)}>
            {t('auth.recovery.otherNumber')}
          </Button>
        </Stack>
      )}

      {step === 2 && (
        <Stack component="form" noValidate spacing={2} onSubmit={passwordForm.handleSubmit}>
          <Typography variant="body2" color="text.secondary">
            {t('auth.recovery.passwordIntro')}
          </Typography>
          <PasswordField
            {...fieldProps(passwordForm, 'newPassword')}
            label={t('auth.recovery.newPassword')}
            autoComplete="new-password"
            disabled={leaving}
            autoFocus
            fullWidth
          />
          <SubmitButton busy={passwordForm.isSubmitting} disabled={leaving}>
            {t('auth.recovery.save')}
          </SubmitButton>
        </Stack>
      )}

      <Typography variant="body2" sx={{ textAlign: 'center', mt: 3 }}>
        <Link component={RouterLink} to="/login">
          {t('auth.recovery.backToLogin')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
