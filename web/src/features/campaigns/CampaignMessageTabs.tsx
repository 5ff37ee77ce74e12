import { useState } from 'react';
import { Box, Tab, Tabs, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormikContext } from 'formik';
import { confirmationField, MESSAGE_SLOTS, messageField, type CampaignFormValues } from './campaign-rules';
import { useCampaignSettingsQuery } from './campaigns.api';

/**
 * The campaign's five messages, one tab each (spec 3 §3, §9); with confirmation on, each tab also has its
 * confirmation message. The helper names the placeholders a message may use, the company's own variables included.
 */
export function CampaignMessageTabs(props: { disabled: boolean }) {
  const { t } = useTranslation();
  const form = useFormikContext<CampaignFormValues>();
  const [slot, setSlot] = useState<number>(MESSAGE_SLOTS[0]);
  const { data: settings } = useCampaignSettingsQuery();
  const custom = (settings?.variables ?? []).map((variable) => `{${variable.key}}`).join(', ');
  const help = custom ? t('campaigns.form.messageHelpCustom', { variables: custom }) : t('campaigns.form.messageHelp');

  return (
    <Box>
      <Tabs
        value={slot}
        onChange={(_event, value: number) => setSlot(value)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t('campaigns.form.messages')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {MESSAGE_SLOTS.map((each) => (
          <Tab key={each} value={each} label={t('campaigns.form.messageTab', { number: each })} />
        ))}
      </Tabs>
      {MESSAGE_SLOTS.filter((each) => each === slot).map((each) => (
        <Box key={each} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {[
            { label: t('campaigns.form.message', { number: each }), name: messageField(each) },
            ...(form.values.confirmation
              ? [{ label: t('campaigns.form.confirmationMessage', { number: each }), name: confirmationField(each) }]
              : []),
          ].map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              value={form.values[field.name]}
              onChange={form.handleChange}
              helperText={help}
              multiline
              minRows={4}
              maxRows={12}
              fullWidth
              disabled={props.disabled}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
