import { Box, Checkbox, FormControl, InputLabel, ListItemText, MenuItem, Select } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NO_QUEUE } from '../ticket-list-updates';

/** The queue multi-select of the ticket manager: the queues offered (the user's, or the company's for admins) plus 'no queue'. */
export function QueueSelect(props: {
  queues: { id: number; name: string; color: string }[];
  value: number[];
  onChange: (queueIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const options = [...props.queues, { id: NO_QUEUE, name: t('tickets.queue.none'), color: '#9e9e9e' }];
  return (
    <FormControl size="small" sx={{ minWidth: 0, flex: 1 }}>
      <InputLabel id="ticket-queues-label">{t('tickets.manager.queues')}</InputLabel>
      <Select<number[]>
        multiple
        labelId="ticket-queues-label"
        label={t('tickets.manager.queues')}
        value={props.value}
        onChange={(event) => props.onChange(typeof event.target.value === 'string' ? [] : event.target.value)}
        renderValue={(ids) =>
          ids.length === options.length ? t('tickets.manager.allQueues') : t('tickets.manager.queuesSelected', { count: ids.length })
        }
      >
        {options.map((queue) => (
          <MenuItem key={queue.id} value={queue.id} dense>
            <Checkbox size="small" checked={props.value.includes(queue.id)} sx={{ p: 0, mr: 1 }} />
            <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: queue.color, mr: 1, flexShrink: 0 }} />
            <ListItemText primary={queue.name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
