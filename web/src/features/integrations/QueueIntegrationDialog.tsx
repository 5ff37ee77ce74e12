import { useMemo, useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogContent, DialogTitle, ListItemIcon, MenuItem, TextField } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText, toastError } from '../../app/errors';
import { validationText } from '../../app/i18n';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { ChannelSettingsFields } from '../connections/ChannelSettingsFields';
import { settingValues } from '../connections/connection-form';
import { IntegrationIcon } from './IntegrationIcon';
import {
  integrationBody,
  integrationErrors,
  integrationFields,
  integrationFormErrors,
  integrationFormValues,
  type IntegrationFormValues,
} from './integration-form';
import {
  useCreateQueueIntegrationMutation,
  useTestQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  type IntegrationPlugin,
  type QueueIntegration,
  type TestSessionResult,
} from './integrations.api';

/**
 * Add or edit a queue integration (spec 3 §2.12): its type (a loaded integration plugin), its name, and the fields
 * the type's plugin describes; a test against the upstream where the plugin offers one.
 */
export function QueueIntegrationDialog(props: {
  open: boolean;
  integration: QueueIntegration | null;
  plugins: IntegrationPlugin[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { integration, plugins } = props;
  const [createIntegration] = useCreateQueueIntegrationMutation();
  const [updateIntegration] = useUpdateQueueIntegrationMutation();
  const pluginOf = (type: string) => plugins.find((plugin) => plugin.type === type);
  const initial = useMemo(() => {
    const type = integration?.type ?? plugins[0]?.type ?? '';
    return integrationFormValues(integration ?? undefined, type, integrationFields(plugins.find((plugin) => plugin.type === type)));
  }, [integration, plugins]);
  const messages = useMemo(
    () => ({
      required: t('validation.required'),
      tooShort: t('validation.tooShort'),
      tooLong: t('validation.tooLong'),
      invalidUrl: t('queueIntegrationModal.form.invalidUrl'),
      invalidNumber: t('queueIntegrationModal.form.invalidNumber'),
    }),
    [t],
  );

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="queue-integration-dialog-title">
      <DialogTitle id="queue-integration-dialog-title">
        {integration ? t('queueIntegrationModal.title.edit') : t('queueIntegrationModal.title.add')}
      </DialogTitle>
      <Formik<IntegrationFormValues>
        initialValues={initial}
        enableReinitialize
        // The rules depend on the chosen type's fields.
        validate={(values) => integrationFormErrors(values, integrationFields(pluginOf(values.type)), messages)}
        onSubmit={async (values, helpers) => {
          const fields = integrationFields(pluginOf(values.type));
          const body = integrationBody(values, fields);
          try {
            if (integration) await updateIntegration({ id: integration.id, ...body }).unwrap();
            else await createIntegration(body).unwrap();
            toast.success(t('queueIntegration.toasts.saved'));
            props.onClose();
          } catch (error) {
            const sent = (error as { data?: { fields?: Record<string, string> } }).data?.fields;
            const translated = sent && Object.fromEntries(Object.entries(sent).map(([key, text]) => [key, validationText(text)]));
            helpers.setErrors(integrationErrors(translated, fields));
            toastError(error);
          }
        }}
      >
        {(form) => <IntegrationForm form={form} plugins={plugins} integration={integration} onCancel={props.onClose} />}
      </Formik>
    </Dialog>
  );
}

function IntegrationForm(props: {
  form: FormikProps<IntegrationFormValues>;
  plugins: IntegrationPlugin[];
  integration: QueueIntegration | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { form, plugins, integration } = props;
  const [testIntegration, testing] = useTestQueueIntegrationMutation();
  const [tested, setTested] = useState<TestSessionResult | null>(null);
  const plugin = plugins.find((candidate) => candidate.type === form.values.type);
  const fields = integrationFields(plugin);
  const shown = (field: 'name' | 'type') => (form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined);

  const runTest = async () => {
    setTested(null);
    try {
      const body = integrationBody(form.values, fields);
      const result = await testIntegration({ ...body, ...(integration ? { id: integration.id } : {}) }).unwrap();
      setTested(result);
      if (result.ok) toast.success(result.message ?? t('queueIntegrationModal.test.ok'));
      else toast.error(result.message ?? t('queueIntegrationModal.test.failed'));
    } catch (error) {
      setTested({ ok: false, message: errorText(error) });
      toastError(error);
    }
  };

  return (
    <Form noValidate>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          select
          id="queue-integration-type"
          name="type"
          label={t('queueIntegrationModal.form.type')}
          value={form.values.type}
          onChange={(event) => {
            const next = plugins.find((candidate) => candidate.type === event.target.value);
            setTested(null);
            // Another type has other fields: they start from its defaults.
            void form.setValues({ ...form.values, type: event.target.value, settings: settingValues(integrationFields(next), undefined) });
          }}
          // A saved integration keeps its type: its stored fields belong to it.
          disabled={Boolean(integration)}
          error={Boolean(shown('type'))}
          helperText={shown('type') ?? (plugins.length === 0 ? t('queueIntegrationModal.form.noPlugins') : undefined)}
          size="small"
          fullWidth
        >
          {plugins.map((candidate) => (
            <MenuItem key={candidate.type} value={candidate.type}>
              <ListItemIcon aria-hidden sx={{ minWidth: 36, verticalAlign: 'middle' }}>
                <IntegrationIcon type={candidate.type} plugin={candidate} />
              </ListItemIcon>
              {t(candidate.description.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="queue-integration-name"
          name="name"
          label={t('queueIntegrationModal.form.name')}
          required
          value={form.values.name}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={Boolean(shown('name'))}
          helperText={shown('name')}
          autoFocus
          size="small"
          fullWidth
        />
        <ChannelSettingsFields fields={fields} />
        {plugin?.testSession ? (
          <Button
            variant="outlined"
            onClick={() => void runTest()}
            disabled={testing.isLoading}
            startIcon={testing.isLoading ? <CircularProgress size={16} /> : <PlayArrowIcon />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('queueIntegrationModal.test.button')}
          </Button>
        ) : null}
        {tested ? (
          <Alert severity={tested.ok ? 'success' : 'error'} role="status">
            {tested.message ?? (tested.ok ? t('queueIntegrationModal.test.ok') : t('queueIntegrationModal.test.failed'))}
          </Alert>
        ) : null}
      </DialogContent>
      <FormDialogActions
        submitting={form.isSubmitting}
        onCancel={props.onCancel}
        submitLabel={integration ? t('common.save') : t('common.add')}
      />
    </Form>
  );
}
