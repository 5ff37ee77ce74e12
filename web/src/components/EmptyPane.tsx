import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';

/** The conversation side of a list-and-conversation screen while none is chosen: an icon, a hint and maybe an action. */
export function EmptyPane(props: { text: string; children?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      square
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3 }}
    >
      <ForumOutlinedIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography color="text.secondary" textAlign="center">
        {props.text}
      </Typography>
      {props.children}
    </Paper>
  );
}
