import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';

/** A queue chosen from a list (accept, reopen, transfer, new ticket); '' is no queue chosen. */
export function QueueSelectField(props: {
  /** The label's id, which names the select. */
  labelId: string;
  label: string;
  queues: { id: number; name: string }[];
  value: number | '';
  onChange: (queueId: number | '') => void;
  size?: 'small' | 'medium';
  disabled?: boolean;
  error?: string;
  /** When given, a first option for choosing no queue. */
  noneLabel?: string;
}) {
  return (
    <FormControl fullWidth size={props.size} disabled={props.disabled} error={Boolean(props.error)}>
      <InputLabel id={props.labelId}>{props.label}</InputLabel>
      <Select<number | ''>
        labelId={props.labelId}
        label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value === '' ? '' : Number(event.target.value))}
      >
        {props.noneLabel !== undefined ? (
          <MenuItem value="">
            <em>{props.noneLabel}</em>
          </MenuItem>
        ) : null}
        {props.queues.map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            {queue.name}
          </MenuItem>
        ))}
      </Select>
      {props.error ? <FormHelperText>{props.error}</FormHelperText> : null}
    </FormControl>
  );
}
