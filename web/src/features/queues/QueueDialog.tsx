import { useMemo, useRef, useState } from 'react';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../app/errors';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { RecordPicker, type PickedRecord, type RecordSource } from '../../components/records/RecordPicker';
import { useNarrowScreen } from '../../components/records/RecordsList';
import { hasServiceHoursProblems, ServiceHoursForm } from '../../components/service-hours/ServiceHoursForm';
import { ChatbotEditor } from './ChatbotEditor';
import { ColorPalette } from './ColorPalette';
import { queueFormValues, queueInput, queueSchema, ROTATION_MINUTES, type QueueFormValues } from './queue-form';
import { queueIntegrationPicks } from '../integrations/integrations.api';
import { promptPicks } from '../prompts/prompts.api';
import { fileListPicks, useCreateQueueMutation, useQueueQuery, useQueuesQuery, useUpdateQueueMutation, type Queue } from './queues.api';

type DialogTab = 'data' | 'hours';

/** Server codes that belong next to one input of the data tab. */
const FIELD_OF_ERROR: Record<string, keyof QueueFormValues> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
  ERR_QUEUE_NAME_ALREADY_EXISTS: 'name',
  ERR_NO_INTEGRATION_FOUND: 'integrationId',
  ERR_NO_FILE_FOUND: 'fileListId',
  ERR_NO_PROMPT_FOUND: 'promptId',
};

/** Add or edit a queue (spec 2 "Queues screen"): a data tab with the chatbot menu, and a service-hours tab. */
export function QueueDialog(props: { open: boolean; queue: Queue | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const [tab, setTab] = useState<DialogTab>('data');
  const queues = useQueuesQuery().data ?? [];
  // The saved queue is read again on open so the chatbot tree is current.
  const fresh = useQueueQuery(props.queue?.id ?? 0, { skip: !props.queue, refetchOnMountOrArgChange: true });
  const [createQueue] = useCreateQueueMutation();
  const [updateQueue] = useUpdateQueueMutation();
  const queue = props.queue ? (fresh.data ?? null) : null;
  // Built once per loaded queue: a live change of the list must not reset what is being typed.
  const initialValues = useMemo(
    () =>
      queueFormValues(
        queue,
        queues.filter((other) => other.id !== props.queue?.id),
      ),
    [queue],
  );
  const schema = useMemo(() => queueSchema(t), [t]);
  const loading = Boolean(props.queue) && !fresh.data;
  // A chatbot option open in its editor has not reached the form's values yet: saving then would lose it silently.
  const chatbotOptionOpen = useRef(false);

  const close = () => {
    setTab('data');
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby="queue-dialog-title">
      <DialogTitle id="queue-dialog-title">{props.queue ? t('queues.form.editTitle') : t('queues.form.addTitle')}</DialogTitle>
      {loading ? (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </DialogContent>
      ) : (
        <Formik<QueueFormValues>
          initialValues={initialValues}
          enableReinitialize
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            if (chatbotOptionOpen.current) {
              setTab('data');
              toast.warning(t('queues.chatbot.unsavedOption'), { toastId: 'queue-chatbot-unsaved' });
              return;
            }
            if (hasServiceHoursProblems(values.schedules)) {
              setTab('hours');
              toast.error(t('queues.form.hoursInvalid'));
              return;
            }
            try {
              const body = queueInput(values);
              if (props.queue) await updateQueue({ id: props.queue.id, ...body }).unwrap();
              else await createQueue(body).unwrap();
              toast.success(t('queues.toasts.saved'));
              close();
            } catch (error) {
              const field = FIELD_OF_ERROR[(error as { data?: { error?: string } }).data?.error ?? ''];
              reportSaveError(error, helpers, values);
              // Our translation of a known code wins over the server's own text for that field.
              if (field) helpers.setFieldError(field, errorText(error));
              setTab('data');
            }
          }}
        >
          {(form) => (
            // A flex column, so that only the tab's content scrolls and the title, tabs and buttons stay in view.
            <Form noValidate style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
              <Tabs
                value={tab}
                onChange={(_event, value: DialogTab) => setTab(value)}
                variant="fullWidth"
                aria-label={t('queues.form.tabs')}
              >
                <Tab value="data" label={t('queues.form.dataTab')} />
                <Tab value="hours" label={t('queues.form.hoursTab')} />
              </Tabs>
              <DialogContent dividers sx={{ minHeight: 420 }}>
                {tab === 'data' ? (
                  <QueueDataFields form={form} onChatbotEditing={(open) => (chatbotOptionOpen.current = open)} />
                ) : (
                  <ServiceHoursForm value={form.values.schedules} onChange={(entries) => void form.setFieldValue('schedules', entries)} />
                )}
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={close}
                submitLabel={props.queue ? t('common.save') : t('common.add')}
              />
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}

function QueueDataFields({ form, onChatbotEditing }: { form: FormikProps<QueueFormValues>; onChatbotEditing: (open: boolean) => void }) {
  const { t } = useTranslation();
  const shown = (field: keyof QueueFormValues) =>
    form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined;

  const text = (field: 'name' | 'orderQueue' | 'greetingMessage' | 'outOfHoursMessage', extra: { multiline?: boolean } = {}) => (
    <TextField
      size="small"
      name={field}
      label={t(`queues.form.${field}`)}
      value={form.values[field]}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={Boolean(shown(field))}
      helperText={shown(field)}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      fullWidth
    />
  );

  const recordPicker = <Page, Item extends PickedRecord>(
    field: 'integrationId' | 'fileListId' | 'promptId',
    source: RecordSource<Page, Item>,
  ) => (
    <RecordPicker
      id={`queue-${field}`}
      label={t(`queues.form.${field}`)}
      value={form.values[field] === '' ? null : form.values[field]}
      onChange={(id) => void form.setFieldValue(field, id ?? '')}
      source={source}
      error={shown(field)}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
        {text('name')}
        {text('orderQueue')}
      </Box>
      <ColorPalette
        value={form.values.color}
        onChange={(color) => {
          void form.setFieldValue('color', color);
          void form.setFieldTouched('color', true, false);
        }}
        onBlur={() => void form.setFieldTouched('color', true)}
        error={shown('color')}
      />
      {text('greetingMessage', { multiline: true })}
      {text('outOfHoursMessage', { multiline: true })}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'center' }}>
        <FormControlLabel
          control={<Switch name="ativarRoteador" checked={form.values.ativarRoteador} onChange={form.handleChange} />}
          label={t('queues.form.ativarRoteador')}
        />
        <TextField
          select
          size="small"
          name="tempoRoteador"
          label={t('queues.form.tempoRoteador')}
          value={form.values.tempoRoteador}
          onChange={(event) => void form.setFieldValue('tempoRoteador', Number(event.target.value))}
          disabled={!form.values.ativarRoteador}
          fullWidth
        >
          {ROTATION_MINUTES.map((minutes) => (
            <MenuItem key={minutes} value={minutes}>
              {minutes === 0 ? t('queues.form.rotationUnset') : t('queues.form.minutes', { count: minutes })}
            </MenuItem>
          ))}
        </TextField>
        {recordPicker('integrationId', queueIntegrationPicks)}
        {recordPicker('promptId', promptPicks)}
        {recordPicker('fileListId', fileListPicks)}
        <FormControlLabel
          control={<Switch name="closeTicket" checked={form.values.closeTicket} onChange={form.handleChange} />}
          label={t('queues.form.closeTicket')}
        />
      </Box>
      <ChatbotEditor
        options={form.values.chatbots}
        onChange={(options) => void form.setFieldValue('chatbots', options)}
        onEditingChange={onChatbotEditing}
      />
    </Box>
  );
}
