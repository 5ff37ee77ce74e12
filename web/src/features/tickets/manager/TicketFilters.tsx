import { Autocomplete, Box, Checkbox, Chip, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useListConnectionsQuery } from '../../connections/connections.api';
import { useListAllTagsQuery } from '../../tags/tags.api';
import { useListUsersQuery } from '../../users/users.api';
import type { TicketStatus } from '../tickets.api';

export interface AdvancedFilters {
  tags: number[];
  whatsappIds: number[];
  statuses: TicketStatus[];
  users: number[];
}

export const noFilters: AdvancedFilters = { tags: [], whatsappIds: [], statuses: [], users: [] };

const statuses: TicketStatus[] = ['open', 'pending', 'closed', 'group'];

export function MultiPick<T extends { id: number | string; name: string }>(props: {
  label: string;
  options: T[];
  value: (number | string)[];
  onChange: (ids: T['id'][]) => void;
}) {
  const selected = props.options.filter((option) => props.value.includes(option.id));
  return (
    <Autocomplete<T, true>
      multiple
      size="small"
      disableCloseOnSelect
      options={props.options}
      value={selected}
      onChange={(_event, options) => props.onChange(options.map((option) => option.id))}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.name}
      renderOption={({ key, ...itemProps }, option, { selected: checked }) => (
        <MenuItem key={key} {...itemProps} dense>
          <Checkbox size="small" checked={checked} sx={{ p: 0, mr: 1 }} />
          <ListItemText primary={option.name} />
        </MenuItem>
      )}
      renderValue={(values, getItemProps) =>
        values.map((option, index) => {
          const { key, ...chipProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.name} {...chipProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={props.label} />}
    />
  );
}

/** The advanced search filters (spec 1 §2): tags, connections, status, and users for admins only. */
export function TicketFilters(props: { value: AdvancedFilters; onChange: (filters: AdvancedFilters) => void; showUsers: boolean }) {
  const { t } = useTranslation();
  const { data: tags = [] } = useListAllTagsQuery();
  const { data: connections = [] } = useListConnectionsQuery();
  const { data: users = [] } = useListUsersQuery(undefined, { skip: !props.showUsers });
  const set = (patch: Partial<AdvancedFilters>) => props.onChange({ ...props.value, ...patch });
  return (
    <Box sx={{ px: 1, pb: 1 }}>
      <Stack spacing={1}>
        <MultiPick label={t('tickets.filters.tags')} options={tags} value={props.value.tags} onChange={(ids) => set({ tags: ids })} />
        <MultiPick
          label={t('tickets.filters.connections')}
          options={connections}
          value={props.value.whatsappIds}
          onChange={(ids) => set({ whatsappIds: ids })}
        />
        <MultiPick
          label={t('tickets.filters.status')}
          options={statuses.map((status) => ({ id: status, name: t(`tickets.status.${status}`) }))}
          value={props.value.statuses}
          onChange={(ids) => set({ statuses: ids as TicketStatus[] })}
        />
        {props.showUsers ? (
          <MultiPick label={t('tickets.filters.users')} options={users} value={props.value.users} onChange={(ids) => set({ users: ids })} />
        ) : null}
      </Stack>
    </Box>
  );
}
