import { useMemo, useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { SecretToggle } from '../../components/records/SecretToggle';
import { ChannelSettingsFields } from '../connections/ChannelSettingsFields';
import { PROMPT_INTEGRATION_TYPE } from '../integrations/integration-form';
import { useInstalledPluginsQuery } from '../plans/plans.api';
import { useQueuesQuery } from '../queues/queues.api';
import { promptBody, promptExtraFields, promptFormValues, promptSchema, voiceOptions, type PromptFormValues } from './prompt-form';
import { useCreatePromptMutation, useUpdatePromptMutation, type Prompt } from './prompts.api';
import type { ChannelSettingField } from '@switchboard/sdk/contracts';

/** The labels of the AI plugin's settings (its description's keys), which the prompt's fields share. */
const label = (key: string) => `integrations.openai.settings.${key}`;

/**
 * Add or edit an AI prompt (spec 3 §2.11): name, API key (masked, show/hide), the instructions (10 rows), the queue,
 * the voice with its Azure key and region, temperature, max tokens and max messages; then what the AI plugin
 * declares beyond those. Saving without a queue says 'Informe o setor' and sends nothing.
 */
export function PromptDialog(props: { open: boolean; prompt: Prompt | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { prompt } = props;
  const [createPrompt] = useCreatePromptMutation();
  const [updatePrompt] = useUpdatePromptMutation();
  const { data: installed } = useInstalledPluginsQuery();
  const plugin = installed?.integrations.find((candidate) => candidate.type === PROMPT_INTEGRATION_TYPE);
  const extra = useMemo(() => promptExtraFields(plugin), [plugin]);
  const initial = useMemo(() => promptFormValues(prompt ?? undefined, extra), [prompt, extra]);
  const schema = useMemo(
    () =>
      promptSchema({
        required: t('prompts.form.required'),
        tooShort: t('prompts.form.tooShort'),
        tooLong: t('prompts.form.tooLong'),
        instructionsTooShort: t('prompts.form.instructionsTooShort'),
        outOfRange: t('prompts.form.outOfRange'),
        noQueue: t('prompts.form.noQueue'),
      }),
    [t],
  );

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="prompt-dialog-title">
      <DialogTitle id="prompt-dialog-title">{prompt ? t('prompts.form.editTitle') : t('prompts.form.addTitle')}</DialogTitle>
      <Formik<PromptFormValues>
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = promptBody(values, extra);
          try {
            if (prompt) await updatePrompt({ id: prompt.id, ...body }).unwrap();
            else await createPrompt(body).unwrap();
            toast.success(t('prompts.toasts.saved'));
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <PromptFields form={form} voices={voiceOptions(plugin)} extra={extra} />
            <FormDialogActions
              submitting={form.isSubmitting}
              onCancel={props.onClose}
              submitLabel={prompt ? t('common.save') : t('common.add')}
            />
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

function PromptFields(props: {
  form: FormikProps<PromptFormValues>;
  voices: { value: string; label: string }[];
  /** The AI plugin's settings beyond the prompt's own fields. */
  extra: ChannelSettingField[];
}) {
  const { t } = useTranslation();
  const { form } = props;
  const [revealed, setRevealed] = useState({ apiKey: false, voiceKey: false });
  const queues = useQueuesQuery().data ?? [];
  type Field = Exclude<keyof PromptFormValues, 'settings'>;
  const shown = (field: Field) => (form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined);
  const input = (field: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`prompt-${field}`}
      name={field}
      label={t(label(field))}
      value={form.values[field]}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={Boolean(shown(field))}
      helperText={shown(field) ?? extra.helperText}
      size="small"
      fullWidth
      {...extra}
    />
  );
  // The keys are answered masked; shown on demand while typing a new one.
  const secret = (field: 'apiKey' | 'voiceKey', extra: Partial<Parameters<typeof TextField>[0]> = {}) =>
    input(field, {
      type: revealed[field] ? 'text' : 'password',
      autoComplete: 'new-password',
      slotProps: {
        input: {
          endAdornment: (
            <SecretToggle
              shown={revealed[field]}
              fieldLabel={t(label(field))}
              onToggle={() => setRevealed({ ...revealed, [field]: !revealed[field] })}
            />
          ),
        },
      },
      ...extra,
    });

  return (
    <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {input('name', { required: true, autoFocus: true })}
        {secret('apiKey', { required: true })}
      </Box>
      {input('prompt', { required: true, multiline: true, rows: 10 })}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {input('queueId', {
          required: true,
          select: true,
          onChange: (event) => void form.setFieldValue('queueId', event.target.value === '' ? '' : Number(event.target.value)),
          children: queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          )),
        })}
        {input('voice', {
          required: true,
          select: true,
          children: props.voices.map((voice) => (
            <MenuItem key={voice.value} value={voice.value}>
              {t(voice.label)}
            </MenuItem>
          )),
        })}
        {secret('voiceKey', { helperText: t(label('voiceKeyHelp')) })}
        {input('voiceRegion', { helperText: t(label('voiceRegionHelp')) })}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2 }}>
        {input('temperature', { required: true, type: 'number', slotProps: { htmlInput: { step: 0.1, min: 0, max: 2 } } })}
        {input('maxTokens', { required: true, type: 'number', slotProps: { htmlInput: { min: 1 } } })}
        {input('maxMessages', { required: true, type: 'number', slotProps: { htmlInput: { min: 0 } } })}
      </Box>
      <ChannelSettingsFields fields={props.extra} />
    </DialogContent>
  );
}
