import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useListConnectionsQuery } from '../connections/connections.api';
import { useListAllTagsQuery } from '../tags/tags.api';
import type { CampaignFormValues } from './campaign-rules';
import { useCampaignContactListsQuery } from './campaigns.api';

/**
 * Where and to whom a campaign goes (spec 3 §3): one or several connections (required), a contact list, or the
 * contacts of a tag ('Nenhuma' by default).
 */
export function CampaignAudienceFields(props: { disabled: boolean; error?: (name: keyof CampaignFormValues) => string | undefined }) {
  const { t } = useTranslation();
  const form = useFormikContext<CampaignFormValues>();
  const { data: connections = [] } = useListConnectionsQuery();
  const { data: contactLists = [] } = useCampaignContactListsQuery();
  const { data: tags = [] } = useListAllTagsQuery();
  const connectionError = props.error?.('whatsappIds');
  const connectionName = (id: number) => connections.find((connection) => connection.id === id)?.name ?? `#${id}`;

  return (
    <>
      <TextField
        select
        required
        label={t('campaigns.form.connections')}
        name="whatsappIds"
        value={form.values.whatsappIds}
        onChange={(event) => void form.setFieldValue('whatsappIds', event.target.value as unknown as number[])}
        onBlur={() => void form.setFieldTouched('whatsappIds', true)}
        error={Boolean(connectionError)}
        helperText={connectionError}
        disabled={props.disabled}
        size="small"
        fullWidth
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {(selected as number[]).map((id) => (
                  <Chip key={id} size="small" label={connectionName(id)} />
                ))}
              </Box>
            ),
          },
        }}
      >
        {connections.map((connection) => (
          <MenuItem key={connection.id} value={connection.id}>
            {connection.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField
          select
          label={t('campaigns.form.contactList')}
          name="contactListId"
          value={form.values.contactListId}
          onChange={form.handleChange}
          disabled={props.disabled}
          size="small"
          fullWidth
        >
          <MenuItem value="">{t('campaigns.form.none')}</MenuItem>
          {contactLists.map((list) => (
            <MenuItem key={list.id} value={list.id}>
              {list.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('campaigns.form.tag')}
          name="tagListId"
          value={form.values.tagListId}
          onChange={form.handleChange}
          disabled={props.disabled}
          size="small"
          fullWidth
        >
          <MenuItem value="Nenhuma">{t('campaigns.form.none')}</MenuItem>
          {tags.map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              {tag.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </>
  );
}
