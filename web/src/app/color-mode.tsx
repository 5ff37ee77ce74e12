import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { buildTheme } from './theme';

type Mode = 'light' | 'dark';
const STORAGE_KEY = 'preferredTheme';

const ColorModeContext = createContext<{ mode: Mode; setMode: (mode: Mode) => void }>({ mode: 'light', setMode: () => {} });

/** Theme preference stored locally (preferredTheme), defaulting to the system colour scheme (spec 1 §3, §9). */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const [stored, setStored] = useState<Mode | null>(() => {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  });
  const mode: Mode = stored ?? (prefersDark ? 'dark' : 'light');
  const value = useMemo(
    () => ({
      mode,
      setMode: (next: Mode) => {
        localStorage.setItem(STORAGE_KEY, next);
        setStored(next);
      },
    }),
    [mode],
  );
  const theme = useMemo(() => buildTheme(mode), [mode]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode() {
  return useContext(ColorModeContext);
}
