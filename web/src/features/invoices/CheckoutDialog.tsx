import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Invoice, SubscriptionAnswer } from '@switchboard/sdk/contracts';
import { errorText } from '../../app/errors';
import { useNarrowScreen } from '../../components/records/RecordsList';
import { formatBrl } from './brl';
import { CHECKOUT_STEPS, checkoutInput, checkoutSchema, checkoutStart, PAYER_FIELDS, type CheckoutValues } from './checkout-form';
import { PayerStep, PlanStep, ReviewStep } from './CheckoutSteps';
import { useSubscribeMutation } from './invoices.api';
import { PixCharge } from './PixCharge';

const REVIEW = CHECKOUT_STEPS.length - 1;

/** A refused checkout: the server's error in the user's words, and the provider's own reason when it gave one. */
function CheckoutFailure({ error }: { error: unknown }) {
  const title = errorText(error);
  const reason = (error as { data?: { message?: string } }).data?.message;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      <AlertTitle>{title}</AlertTitle>
      {reason && reason !== title ? reason : null}
    </Alert>
  );
}

/**
 * Paying an invoice (spec 2 §2, §4): Dados, Personalizar and Revisar, Próximo checking the step on screen and
 * Voltar going back, then PAGAR asks for the Pix charge and the dialog shows it. It opens on Dados, not on the
 * plan as the spec's source did: the charge is made out to the payer's name and CPF/CNPJ, so they come first.
 */
export function CheckoutDialog(props: {
  invoice: Invoice;
  /** The licence was renewed: the Pix screen says the payment is confirmed. */
  renewed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const { invoice } = props;
  const [step, setStep] = useState(0);
  const [charge, setCharge] = useState<SubscriptionAnswer | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [subscribe] = useSubscribeMutation();

  const pay = async (values: CheckoutValues, helpers: FormikHelpers<CheckoutValues>) => {
    setFailure(null);
    try {
      const answer = await subscribe(checkoutInput(values, invoice)).unwrap();
      setCharge(answer);
      toast.success(t('invoices.checkout.subscribed'));
    } catch (error) {
      setFailure(error);
      // A payer's field the provider refused (a CPF/CNPJ it does not accept) is fixed on Dados, next to the field.
      const fields = (error as { data?: { fields?: Partial<Record<keyof CheckoutValues, string>> } }).data?.fields ?? {};
      const payerErrors = Object.fromEntries(PAYER_FIELDS.filter((name) => fields[name]).map((name) => [name, fields[name]]));
      if (Object.keys(payerErrors).length === 0) return;
      setStep(0);
      helpers.setTouched(Object.fromEntries(Object.keys(payerErrors).map((name) => [name, true])), false);
      helpers.setErrors(payerErrors);
    }
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">
        {t('invoices.checkout.title')}
        <Typography variant="body2" color="text.secondary">
          {invoice.detail} · {formatBrl(invoice.value)}
        </Typography>
      </DialogTitle>
      <Formik<CheckoutValues>
        initialValues={checkoutStart(invoice)}
        validationSchema={checkoutSchema(CHECKOUT_STEPS[step], t)}
        onSubmit={async (values, helpers) => {
          if (step < REVIEW) {
            setFailure(null);
            setStep(step + 1);
            helpers.setTouched({});
            return;
          }
          await pay(values, helpers);
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogContent dividers>
              <Stepper activeStep={charge ? CHECKOUT_STEPS.length : step} alternativeLabel sx={{ mb: 3 }}>
                {CHECKOUT_STEPS.map((name) => (
                  <Step key={name}>
                    <StepLabel>{t(`invoices.checkout.steps.${name}`)}</StepLabel>
                  </Step>
                ))}
              </Stepper>
              {charge ? (
                <PixCharge charge={charge} confirmed={props.renewed} />
              ) : CHECKOUT_STEPS[step] === 'payer' ? (
                <PayerStep form={form} />
              ) : CHECKOUT_STEPS[step] === 'plan' ? (
                <PlanStep form={form} invoice={invoice} />
              ) : (
                <ReviewStep values={form.values} invoice={invoice} />
              )}
              {failure && !charge ? <CheckoutFailure error={failure} /> : null}
            </DialogContent>
            <DialogActions>
              {charge ? (
                <Button onClick={props.onClose}>{t('common.close')}</Button>
              ) : (
                <>
                  <Button onClick={props.onClose} disabled={form.isSubmitting}>
                    {t('common.cancel')}
                  </Button>
                  <Box sx={{ flex: 1 }} />
                  <Button onClick={() => setStep(step - 1)} disabled={step === 0 || form.isSubmitting}>
                    {t('invoices.checkout.back')}
                  </Button>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={form.isSubmitting}
                    startIcon={form.isSubmitting ? <CircularProgress size={16} color="inherit" /> : null}
                  >
                    {step === REVIEW ? t('invoices.checkout.pay') : t('invoices.checkout.next')}
                  </Button>
                </>
              )}
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
