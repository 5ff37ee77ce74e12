import { Box, Divider, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@switchboard/sdk/contracts';
import { fieldProps } from '../auth/form-field';
import { formatDueDate } from '../auth/subscription';
import { formatBrl } from './brl';
import type { CheckoutValues } from './checkout-form';
import { atLeastMinimum, CUSTOM_PLAN, customPlanPrice } from './custom-plan';

/** Dados: who pays (the Pix charge is made out to this name and CPF/CNPJ). */
export function PayerStep({ form }: { form: FormikProps<CheckoutValues> }) {
  const { t } = useTranslation();
  const label = (name: string) => t(`invoices.checkout.fields.${name}`);
  const zipcode = fieldProps(form, 'zipcode');
  return (
    <Stack spacing={2}>
      <TextField {...fieldProps(form, 'firstName')} label={label('firstName')} required autoFocus fullWidth />
      <TextField
        {...zipcode}
        label={label('zipcode')}
        helperText={zipcode.helperText ?? label('zipcodeHelp')}
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField {...fieldProps(form, 'address2')} label={label('address2')} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...fieldProps(form, 'city')} label={label('city')} fullWidth />
        <TextField {...fieldProps(form, 'state')} label={label('state')} sx={{ width: { sm: 160 } }} fullWidth />
      </Stack>
    </Stack>
  );
}

/** One of the plan's counters: never below the minimum, with what each step adds to the price. */
function PlanCounter(props: { label: string; hint: string; value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{props.label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {props.hint}
        </Typography>
      </Box>
      <IconButton
        aria-label={t('invoices.checkout.plan.decrease', { what: props.label })}
        disabled={props.value <= CUSTOM_PLAN.minimum}
        onClick={() => props.onChange(atLeastMinimum(props.value - 1))}
      >
        <RemoveIcon />
      </IconButton>
      <Typography
        component="output"
        aria-label={props.label}
        sx={{ minWidth: 32, textAlign: 'center', fontSize: '1.25rem', fontWeight: 600 }}
      >
        {props.value}
      </Typography>
      <IconButton aria-label={t('invoices.checkout.plan.increase', { what: props.label })} onClick={() => props.onChange(props.value + 1)}>
        <AddIcon />
      </IconButton>
    </Box>
  );
}

/** The custom plan's price under a rule, as the plan and review steps end. */
function PlanTotal(props: { label: string; values: Pick<CheckoutValues, 'users' | 'connections'> }) {
  return (
    <>
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="h6" component="p">
          {props.label}
        </Typography>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {formatBrl(customPlanPrice(props.values))}
        </Typography>
      </Box>
    </>
  );
}

/** Personalizar: the custom plan's users and connections, priced as they change (spec 2 §9). */
export function PlanStep({ form, invoice }: { form: FormikProps<CheckoutValues>; invoice: Invoice }) {
  const { t } = useTranslation();
  const { users, connections } = form.values;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('invoices.checkout.plan.intro')}
      </Typography>
      <PlanCounter
        label={t('invoices.checkout.plan.users')}
        hint={t('invoices.checkout.plan.userStep', { price: formatBrl(CUSTOM_PLAN.userStepPrice) })}
        value={users}
        onChange={(value) => void form.setFieldValue('users', value)}
      />
      <PlanCounter
        label={t('invoices.checkout.plan.connections')}
        hint={t('invoices.checkout.plan.connectionStep', { price: formatBrl(CUSTOM_PLAN.connectionStepPrice) })}
        value={connections}
        onChange={(value) => void form.setFieldValue('connections', value)}
      />
      <Typography variant="body2" color="text.secondary">
        {t('invoices.checkout.plan.queues')}: {invoice.queues}
      </Typography>
      <PlanTotal label={t('invoices.checkout.plan.total')} values={form.values} />
    </Stack>
  );
}

/** Revisar: what is about to be charged, and to whom. */
export function ReviewStep({ values, invoice }: { values: CheckoutValues; invoice: Invoice }) {
  const { t } = useTranslation();
  const label = (name: string) => t(`invoices.checkout.review.${name}`);
  const address = [values.address2, values.city, values.state]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    [label('payer'), values.firstName.trim()],
    [label('document'), values.zipcode.trim()],
    ...(address ? [[label('address'), address] as [string, string]] : []),
    [label('invoice'), invoice.detail],
    [label('dueDate'), formatDueDate(invoice.dueDate) ?? '—'],
    [
      label('plan'),
      t('invoices.checkout.review.planSummary', { users: values.users, connections: values.connections, queues: invoice.queues }),
    ],
  ];
  return (
    <Stack spacing={1.5}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <PlanTotal label={label('total')} values={values} />
    </Stack>
  );
}
