import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { defaultServiceHours, hasServiceHoursProblems } from '../../components/service-hours/ServiceHoursForm';
import { FacebookLoginPanel } from './FacebookLoginPanel';
import { connectionBody, connectionFormSchema, connectionFormValues, type ConnectionFormValues } from './connection-form';
import { AssessmentsTab, ChatbotTab, GeneralTab, IntegrationsTab, MessagesTab, SchedulesTab } from './ConnectionTabs';
import {
  useCompanyScheduleTypeQuery,
  useConnectionQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  type ChannelPlugin,
} from './connections.api';

type TabName = 'general' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'schedules';

/** The tab holding each field the client validates, so a refused save shows where. */
const TAB_OF_FIELD: Partial<Record<keyof ConnectionFormValues, TabName>> = {
  name: 'general',
  importOldMessages: 'general',
  importRecentMessages: 'general',
  greetingMessage: 'messages',
  queueIds: 'integrations',
  schedules: 'schedules',
};

export interface ConnectionDialogTarget {
  /** Absent when creating. */
  id?: number;
  channel: string;
}

/**
 * Adds or edits a connection (spec 2 §2): tabs general, integrations, messages, chatbot, assessments, and
 * schedules when the company's schedule type is 'connection'. Facebook and Instagram offer the Facebook login.
 */
export function ConnectionDialog(props: { target: ConnectionDialogTarget | null; plugins: ChannelPlugin[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { target } = props;
  const editingId = target?.id;
  const { data: connection } = useConnectionQuery(editingId ?? 0, { skip: !editingId, refetchOnMountOrArgChange: true });
  const { data: scheduleType } = useCompanyScheduleTypeQuery(undefined, { skip: !target, refetchOnMountOrArgChange: true });
  const [createConnection] = useCreateConnectionMutation();
  const [updateConnection] = useUpdateConnectionMutation();
  const [tab, setTab] = useState<TabName>('general');
  useEffect(() => setTab('general'), [target]);

  // The target names the channel: a skipped query can still hold the last connection edited.
  const channel = target?.channel ?? connection?.channel ?? '';
  const plugin = props.plugins.find((entry) => entry.channel === channel);
  const fields = useMemo(() => plugin?.description.settings ?? [], [plugin]);
  // `data` may still be the previously opened connection while this one loads.
  const loaded = !editingId || connection?.id === editingId;
  const initial = useMemo(
    () => connectionFormValues(editingId ? connection : undefined, fields, defaultServiceHours()),
    [editingId, connection, fields],
  );
  const schema = useMemo(
    () =>
      connectionFormSchema({
        required: t('connections.validation.required'),
        tooShort: t('connections.validation.tooShort'),
        tooLong: t('connections.validation.tooLong'),
        importTooOld: t('connections.validation.importTooOld'),
        importInFuture: t('connections.validation.importInFuture'),
        importBeforeStart: t('connections.validation.importBeforeStart'),
      }),
    [t],
  );
  const showSchedules = scheduleType === 'connection';
  const tabs: TabName[] = [
    'general',
    'integrations',
    'messages',
    'chatbot',
    'assessments',
    ...(showSchedules ? ['schedules' as const] : []),
  ];
  const channelName = plugin ? t(plugin.description.name) : channel;
  const title = editingId ? t('connections.form.editTitle') : t('connections.form.addTitle', { channel: channelName });

  return (
    <Dialog open={Boolean(target)} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="connection-dialog-title" scroll="paper">
      <DialogTitle id="connection-dialog-title">{title}</DialogTitle>
      {!loaded ? (
        <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </DialogContent>
      ) : (
        <Formik<ConnectionFormValues>
          initialValues={initial}
          enableReinitialize
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            if (showSchedules && hasServiceHoursProblems(values.schedules)) {
              setTab('schedules');
              return;
            }
            const body = connectionBody(values, { channel: editingId ? undefined : channel, fields });
            try {
              if (editingId) await updateConnection({ id: editingId, ...body }).unwrap();
              else await createConnection(body).unwrap();
              toast.success(t('connections.toasts.saved'));
              props.onClose();
            } catch (error) {
              reportSaveError(error, helpers, values);
            }
          }}
        >
          {(form) => (
            <Form noValidate>
              <ShowFirstError onTab={setTab} />
              <Tabs
                value={tab}
                onChange={(_event, value: TabName) => setTab(value)}
                variant="scrollable"
                scrollButtons="auto"
                sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
              >
                {tabs.map((name) => (
                  <Tab key={name} value={name} label={t(`connections.tabs.${name}`)} />
                ))}
              </Tabs>
              <DialogContent sx={{ minHeight: 360 }}>
                <Box hidden={tab !== 'general'}>
                  {!editingId && (channel === 'facebook' || channel === 'instagram') ? (
                    <FacebookLoginPanel
                      appId={plugin?.signIn?.provider === 'facebook' ? plugin.signIn.appId : undefined}
                      addInstagram={channel === 'instagram'}
                      onConnected={props.onClose}
                    />
                  ) : null}
                  <GeneralTab plugin={plugin} connection={editingId ? connection : undefined} />
                </Box>
                {tab === 'integrations' ? <IntegrationsTab /> : null}
                {tab === 'messages' ? <MessagesTab connection={editingId ? connection : undefined} /> : null}
                {tab === 'chatbot' ? <ChatbotTab /> : null}
                {tab === 'assessments' ? <AssessmentsTab /> : null}
                {tab === 'schedules' && showSchedules ? <SchedulesTab /> : null}
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={props.onClose}
                submitLabel={editingId ? t('common.save') : t('common.add')}
              />
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}

/** After a refused submit, opens the tab of the first field in error (once per submit attempt). */
function ShowFirstError(props: { onTab: (tab: TabName) => void }) {
  const { submitCount, errors, isValidating } = useFormikContext<ConnectionFormValues>();
  const handled = useRef(0);
  const { onTab } = props;
  useEffect(() => {
    if (isValidating || submitCount === handled.current) return;
    handled.current = submitCount;
    const first = Object.keys(errors)[0] as keyof ConnectionFormValues | undefined;
    const tab = first ? TAB_OF_FIELD[first] : undefined;
    if (tab) onTab(tab);
  }, [submitCount, errors, isValidating, onTab]);
  return null;
}
