import { createTheme } from '@mui/material';

/** Primary blue, secondary green (spec 1 §9), in light and dark. */
export function buildTheme(mode: 'light' | 'dark') {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1976d2' : '#64b5f6' },
      secondary: { main: mode === 'light' ? '#2e7d32' : '#66bb6a' },
      background: mode === 'light' ? { default: '#f4f6f8', paper: '#ffffff' } : { default: '#121212', paper: '#1e1e1e' },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
