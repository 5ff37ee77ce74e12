import { Chip, type ChipProps } from '@mui/material';
import { readableTextOn } from './tag-colors';

/** A tag in its own colour, with text that stays readable on it. */
export function TagChip(props: { name: string; color: string | null; size?: ChipProps['size']; label?: string }) {
  const background = props.color || undefined;
  const text = background ? readableTextOn(background) : undefined;
  return (
    <Chip
      size={props.size ?? 'small'}
      label={props.label ?? props.name}
      sx={{ bgcolor: background, color: text, fontWeight: 500, maxWidth: 180 }}
      variant={background ? 'filled' : 'outlined'}
    />
  );
}
