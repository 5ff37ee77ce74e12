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
        <OptionalChoice
          label={t('campaigns.form.contactList')}
          name="contactListId"
          none=""
          choices={contactLists}
          disabled={props.disabled}
        />
        <OptionalChoice label={t('campaigns.form.tag')} name="tagListId" none="Nenhuma" choices={tags} disabled={props.disabled} />
      </Box>
    </>
  );
}

/** A select of named records with a first 'none' choice, whose value `none` is what the form keeps for it. */
function OptionalChoice(props: {
  label: string;
  name: 'contactListId' | 'tagListId';
  none: string;
  choices: { id: number; name: string }[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const form = useFormikContext<CampaignFormValues>();
  return (
    <TextField
      select
      label={props.label}
      name={props.name}
      value={form.values[props.name]}
      onChange={form.handleChange}
      disabled={props.disabled}
      size="small"
      fullWidth
    >
      <MenuItem value={props.none}>{t('campaigns.form.none')}</MenuItem>
      {props.choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
