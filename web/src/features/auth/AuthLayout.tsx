import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import { useColorMode } from '../../app/color-mode';
import { languages } from '../../app/i18n';
import { AuthCarousel } from './AuthCarousel';

const LANGUAGE_NAMES: Record<(typeof languages)[number], string> = { 'pt-BR': 'Português', en: 'English', es: 'Español', tr: 'Türkçe' };

/** Language and colour scheme for a visitor who is not signed in yet (kept locally, like after sign-in). */
function VisitorPreferences() {
  const { t, i18n } = useTranslation();
  const { mode, setMode } = useColorMode();
  const current = languages.find((language) => i18n.language?.startsWith(language)) ?? 'pt-BR';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        label={t('auth.preferences.language')}
        sx={{ minWidth: 130 }}
      >
        {languages.map((language) => (
          <MenuItem key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={mode === 'dark' ? t('auth.preferences.lightMode') : t('auth.preferences.darkMode')}>
        <IconButton
          aria-label={mode === 'dark' ? t('auth.preferences.lightMode') : t('auth.preferences.darkMode')}
          onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
        >
          {mode === 'dark' ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  /** The side carousel on wide screens (sign-up, recovery). */
  carousel?: boolean;
  children: ReactNode;
}

/** The centred card of the public pages: product name, page title, the form; the carousel beside it when wide. */
export function AuthLayout({ title, subtitle, carousel = false, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 4 },
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: carousel ? 1000 : 440, display: 'flex', justifyContent: 'flex-end' }}>
        <VisitorPreferences />
      </Box>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: carousel ? 1000 : 440, display: 'flex', overflow: 'hidden', borderRadius: 3 }}
      >
        {carousel && (
          <Box sx={{ display: { xs: 'none', md: 'block' }, flex: '1 1 45%' }}>
            <AuthCarousel />
          </Box>
        )}
        <Box sx={{ flex: '1 1 55%', minWidth: 0, p: { xs: 2.5, sm: 5 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3, color: 'primary.main' }}>
            <HeadsetMicOutlinedIcon />
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
              {t('auth.productName')}
            </Typography>
          </Stack>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Box>
      </Paper>
    </Box>
  );
}
