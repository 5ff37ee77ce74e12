import { useRef, useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, InputAdornment, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { ServiceHoursForm } from '../../components/service-hours/ServiceHoursForm';
import { ChannelSettingsFields } from './ChannelSettingsFields';
import { FormSelect, FormSwitch, FormTextField } from './ConnectionFields';
import { importWindow, TIME_SEND_QUEUE_OPTIONS, type ConnectionFormValues } from './connection-form';
import { RecordPicker } from '../../components/records/RecordPicker';
import { queueIntegrationPicks } from '../integrations/integrations.api';
import { promptPicks } from '../prompts/prompts.api';
import { useQueuesQuery } from '../queues/queues.api';
import {
  useRemoveGreetingMediaMutation,
  useRegenerateConnectionTokenMutation,
  useUploadGreetingMediaMutation,
  type ChannelPlugin,
  type Connection,
} from './connections.api';

/** The general tab: name, default, groups, import, the channel's settings and the token (spec 2 §2-§5). */
export function GeneralTab(props: { plugin?: ChannelPlugin; connection?: Connection }) {
  const { t } = useTranslation();
  const form = useFormikContext<ConnectionFormValues>();
  const capabilities = props.plugin?.description.capabilities as { groups?: boolean; qrcode?: boolean; externalApi?: boolean } | undefined;
  const dates = importWindow(new Date());
  const dateError = (name: 'importOldMessages' | 'importRecentMessages') =>
    form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined;
  return (
    <Stack spacing={2}>
      <FormTextField name="name" label={t('connections.form.name')} />
      <FormSwitch name="isDefault" label={t('connections.form.default')} />
      {capabilities?.groups ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FormSwitch name="allowGroup" label={t('connections.form.allowGroup')} />
          <Box sx={{ minWidth: 220, flex: 1 }}>
            <FormSelect
              name="groupAsTicket"
              label={t('connections.form.groupAsTicket')}
              options={[
                { value: 'disabled', label: t('connections.form.disabled') },
                { value: 'enabled', label: t('connections.form.enabled') },
              ]}
            />
          </Box>
        </Box>
      ) : null}
      {capabilities?.qrcode ? (
        <Stack spacing={1.5}>
          <FormSwitch name="importEnabled" label={t('connections.form.importEnabled')} />
          {form.values.importEnabled ? (
            <>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                {(['importOldMessages', 'importRecentMessages'] as const).map((name) => (
                  <TextField
                    key={name}
                    id={name}
                    name={name}
                    type="date"
                    label={t(`connections.form.${name}`)}
                    value={form.values[name]}
                    onChange={form.handleChange}
                    onBlur={form.handleBlur}
                    error={Boolean(dateError(name))}
                    helperText={dateError(name)}
                    size="small"
                    sx={{ flex: 1, minWidth: 200 }}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: {
                        min: name === 'importRecentMessages' ? form.values.importOldMessages || dates.min : dates.min,
                        max: dates.max,
                      },
                    }}
                  />
                ))}
              </Box>
              <FormSwitch name="importOldMessagesGroups" label={t('connections.form.importOldMessagesGroups')} />
              <FormSwitch name="closedTicketsPostImported" label={t('connections.form.closedTicketsPostImported')} />
              <Typography variant="body2" color="error" role="alert">
                {t('connections.form.importWarning')}
              </Typography>
              {props.connection?.status === 'CONNECTED' ? <Alert severity="warning">{t('connections.form.importReconnect')}</Alert> : null}
            </>
          ) : null}
        </Stack>
      ) : null}
      <ChannelSettingsFields fields={props.plugin?.description.settings ?? []} />
      {/* The API token only where the channel sends through the external API; the widget gets its embed code instead. */}
      {props.connection && capabilities?.externalApi ? <TokenField connection={props.connection} /> : null}
      {props.connection?.channel === 'webchat' && props.connection.publicId ? (
        <WidgetSnippetField publicId={props.connection.publicId} />
      ) : null}
    </Stack>
  );
}

/** Copies text to the clipboard and says whether it worked. */
async function copyText(text: string, copied: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(failed);
  }
}

/**
 * The website chat's embed code (one script tag that puts the chat's bubble on any site) and the address of its
 * full page, both at the connection's public id, never its API token.
 */
function WidgetSnippetField(props: { publicId: string }) {
  const { t } = useTranslation();
  const page = `${window.location.origin}/widget/${encodeURIComponent(props.publicId)}`;
  return (
    <Stack spacing={2}>
      <CopyField
        label={t('connections.form.widgetSnippet')}
        help={t('connections.form.widgetSnippetHelp')}
        value={`<script src="${page}/embed.js" async></script>`}
        copyLabel={t('connections.form.copyWidgetSnippet')}
        copied={t('connections.toasts.widgetSnippetCopied')}
      />
      <CopyField
        label={t('connections.form.widgetLink')}
        help={t('connections.form.widgetLinkHelp')}
        value={page}
        copyLabel={t('connections.form.copyWidgetLink')}
        copied={t('connections.toasts.widgetLinkCopied')}
      />
    </Stack>
  );
}

/** A read-only text with a copy button. */
function CopyField(props: { label: string; help: string; value: string; copyLabel: string; copied: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={props.label}
      helperText={props.help}
      value={props.value}
      size="small"
      fullWidth
      multiline
      slotProps={{
        htmlInput: { readOnly: true, 'aria-label': props.label },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={props.copyLabel}>
                <IconButton
                  aria-label={props.copyLabel}
                  onClick={() => void copyText(props.value, props.copied, t('connections.toasts.tokenCopyFailed'))}
                  size="small"
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The connection token, the external API's key (spec 2 §9): shown, copied, regenerated (the new one is answered once). */
function TokenField(props: { connection: Connection }) {
  const { t } = useTranslation();
  const [regenerateToken, { isLoading }] = useRegenerateConnectionTokenMutation();
  const [regenerated, setRegenerated] = useState<string | null>(null);
  const token = regenerated ?? props.connection.token ?? '';
  const copy = () => copyText(token, t('connections.toasts.tokenCopied'), t('connections.toasts.tokenCopyFailed'));
  const regenerate = async () => {
    try {
      const answer = await regenerateToken({ id: props.connection.id, name: props.connection.name }).unwrap();
      if (answer.token) setRegenerated(answer.token);
      toast.success(t('connections.toasts.tokenRegenerated'));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <TextField
      label={t('connections.form.token')}
      value={token}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, 'aria-label': t('connections.form.token') },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('connections.form.copyToken')}>
                <IconButton aria-label={t('connections.form.copyToken')} onClick={() => void copy()} disabled={!token} size="small">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('connections.form.regenerateToken')}>
                <IconButton
                  aria-label={t('connections.form.regenerateToken')}
                  onClick={() => void regenerate()}
                  disabled={isLoading}
                  size="small"
                >
                  <AutorenewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The integrations tab: integration, prompt and the connection's queues. */
export function IntegrationsTab() {
  const { t } = useTranslation();
  const form = useFormikContext<ConnectionFormValues>();
  const { data: queues = [] } = useQueuesQuery();
  return (
    <Stack spacing={2}>
      <TextField
        select
        id="queueIds"
        label={t('connections.form.queues')}
        value={form.values.queueIds}
        onChange={(event) => {
          const value = event.target.value as unknown;
          void form.setFieldValue('queueIds', (Array.isArray(value) ? value : String(value).split(',')).map(Number));
        }}
        size="small"
        fullWidth
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {(selected as number[]).map((id) => (
                  <Chip key={id} size="small" label={queues.find((queue) => queue.id === id)?.name ?? id} />
                ))}
              </Box>
            ),
          },
        }}
      >
        {queues.map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            {queue.name}
          </MenuItem>
        ))}
      </TextField>
      <RecordPicker
        id="integrationId"
        label={t('connections.form.integration')}
        value={form.values.integrationId === '' ? null : form.values.integrationId}
        onChange={(id) => void form.setFieldValue('integrationId', id ?? '')}
        source={queueIntegrationPicks}
      />
      <RecordPicker
        id="promptId"
        label={t('connections.form.prompt')}
        value={form.values.promptId === '' ? null : form.values.promptId}
        onChange={(id) => void form.setFieldValue('promptId', id ?? '')}
        source={promptPicks}
      />
    </Stack>
  );
}

/** The messages tab: greeting (with its image or video), completion, out of hours, rating and inactivity texts. */
export function MessagesTab(props: { connection?: Connection }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <FormTextField name="greetingMessage" label={t('connections.form.greetingMessage')} multiline />
      <GreetingMedia connection={props.connection} />
      <FormTextField name="complationMessage" label={t('connections.form.complationMessage')} multiline />
      <FormTextField name="outOfHoursMessage" label={t('connections.form.outOfHoursMessage')} multiline />
      <FormTextField name="ratingMessage" label={t('connections.form.ratingMessage')} multiline />
      <FormTextField name="inactiveMessage" label={t('connections.form.inactiveMessage')} multiline />
      <FormTextField name="expiresInactiveMessage" label={t('connections.form.expiresInactiveMessage')} multiline />
    </Stack>
  );
}

/** The greeting's image or video (spec 2 §9): uploaded to a saved connection, removed on demand. */
function GreetingMedia(props: { connection?: Connection }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useUploadGreetingMediaMutation();
  const [remove, removing] = useRemoveGreetingMediaMutation();
  const [attachment, setAttachment] = useState<string | null | undefined>(undefined);
  const connection = props.connection;
  if (!connection)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('connections.form.mediaAfterSave')}
      </Typography>
    );
  const current = attachment === undefined ? connection.greetingMediaAttachment : attachment;
  const busy = uploading.isLoading || removing.isLoading;
  const run = async (action: () => Promise<Connection>) => {
    try {
      setAttachment((await action()).greetingMediaAttachment ?? null);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/*,video/*"
        aria-label={t('connections.form.attachMedia')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void run(() => upload({ id: connection.id, file }).unwrap());
        }}
      />
      <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {t('connections.form.attachMedia')}
      </Button>
      {current ? (
        <Chip
          label={current.split('/').pop()}
          onDelete={busy ? undefined : () => void run(() => remove(connection.id).unwrap())}
          deleteIcon={
            <Tooltip title={t('connections.form.removeMedia')}>
              <DeleteOutlineIcon aria-label={t('connections.form.removeMedia')} />
            </Tooltip>
          }
        />
      ) : null}
    </Box>
  );
}

/** The chatbot tab: bot menu repetitions and interval, transfer to a queue after a time, ticket expiry. */
export function ChatbotTab() {
  const { t } = useTranslation();
  const { data: queues = [] } = useQueuesQuery();
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField name="maxUseBotQueues" type="number" label={t('connections.form.maxUseBotQueues')} />
        <FormTextField name="timeUseBotQueues" type="number" label={t('connections.form.timeUseBotQueues')} />
        <FormSelect
          name="timeSendQueue"
          label={t('connections.form.timeSendQueue')}
          options={TIME_SEND_QUEUE_OPTIONS.map((minutes) => ({
            value: minutes,
            label: minutes === 0 ? t('connections.form.disabled') : t('connections.form.minutesOption', { minutes }),
          }))}
        />
        <FormSelect
          name="sendIdQueue"
          label={t('connections.form.sendIdQueue')}
          options={[{ value: '', label: t('connections.form.none') }, ...queues.map((queue) => ({ value: queue.id, label: queue.name }))]}
        />
        <FormTextField name="expiresTicket" type="number" label={t('connections.form.expiresTicket')} />
        <FormSelect
          name="whenExpiresTicket"
          label={t('connections.form.whenExpiresTicket')}
          options={[
            { value: 0, label: t('connections.form.whenExpiresAny') },
            { value: 1, label: t('connections.form.whenExpiresAgent') },
          ]}
        />
        <FormTextField name="timeInactiveMessage" type="number" label={t('connections.form.timeInactiveMessage')} />
        <FormTextField name="timeCreateNewTicket" type="number" label={t('connections.form.timeCreateNewTicket')} />
      </Box>
    </Stack>
  );
}

/** The assessments tab: the rating's expiry and its bot repetitions. */
export function AssessmentsTab() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <FormTextField name="expiresTicketNPS" type="number" label={t('connections.form.expiresTicketNPS')} />
      <FormTextField name="maxUseBotQueuesNPS" type="number" label={t('connections.form.maxUseBotQueuesNPS')} />
    </Box>
  );
}

/** The schedules tab (company scheduleType 'connection'): the connection's week of service hours. */
export function SchedulesTab() {
  const form = useFormikContext<ConnectionFormValues>();
  return <ServiceHoursForm value={form.values.schedules} onChange={(entries) => void form.setFieldValue('schedules', entries)} />;
}
