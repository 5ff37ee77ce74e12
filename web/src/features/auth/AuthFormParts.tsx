import { Button, CircularProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** The public forms' full-width submit button, with a spinner while the form is being sent. */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      fullWidth
    >
      {children}
    </Button>
  );
}

/** The line under a public form that leads to the other public page ("Criar conta", "Entrar"). */
export function OtherPageLink({ lead, label, to }: { lead: string; label: string; to: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {lead}{' '}
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
    </Typography>
  );
}
