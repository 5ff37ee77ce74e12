import { useTranslation } from 'react-i18next';
import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useColorMode } from '../../app/color-mode';
import type { SessionUser } from '../auth/auth.slice';
import { AnnouncementsPopover } from '../announcements/AnnouncementsPopover';
import { ChatsPopover } from '../chats/ChatsPopover';
import { LanguagePicker } from './LanguagePicker';
import { NotificationsBell } from './NotificationsBell';
import { UserMenu } from './UserMenu';
import { VolumeControl } from './VolumeControl';

/** Spec 1 §9: amber 1 to 5 days before the company's due date, red on the day or after. */
function dueDateColor(dueDate: Date): string | undefined {
  const days = differenceInCalendarDays(dueDate, new Date());
  if (days <= 0) return 'error.main';
  if (days <= 5) return 'warning.main';
  return undefined;
}

function Greeting({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const isAdmin = user.profile === 'admin' || Boolean(user.super);
  const rawDue = user.company?.dueDate ?? user.dueDate;
  // The due date is a calendar day: read its date part so no time zone moves it to the day before.
  const dueDate = isAdmin && rawDue ? parseISO(rawDue.slice(0, 10)) : null;
  return (
    <Typography component="p" variant="body1" noWrap sx={{ flex: 1, minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
      {t('shell.topBar.greeting', { name: user.name, company: user.company?.name ?? '' })}
      {dueDate && !Number.isNaN(dueDate.getTime()) ? (
        <Box component="span" sx={{ ml: 1, fontWeight: 600, color: dueDateColor(dueDate) }}>
          {t('shell.topBar.activeUntil', { date: format(dueDate, 'dd/MM/yyyy') })}
        </Box>
      ) : null}
    </Typography>
  );
}

/** The top bar of the shell (spec 1 §2). */
export function TopBar({ user, menuOpen, onMenuClick }: { user: SessionUser; menuOpen: boolean; onMenuClick: () => void }) {
  const { t } = useTranslation();
  const { mode, setMode } = useColorMode();
  const themeLabel = mode === 'dark' ? t('shell.topBar.lightTheme') : t('shell.topBar.darkTheme');
  return (
    <AppBar position="static" elevation={0} color="primary" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 0.5, sm: 1.5 }, minHeight: 56 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={menuOpen ? t('shell.drawer.close') : t('shell.drawer.open')}
          aria-expanded={menuOpen}
          onClick={onMenuClick}
          sx={{ ml: 0 }}
        >
          <MenuIcon />
        </IconButton>
        <Greeting user={user} />
        <Box sx={{ flex: { xs: 1, sm: 'none' } }} />
        <VolumeControl />
        <Tooltip title={t('shell.topBar.refresh')}>
          <IconButton color="inherit" aria-label={t('shell.topBar.refresh')} onClick={() => window.location.reload()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <NotificationsBell user={user} />
        <AnnouncementsPopover />
        <ChatsPopover user={user} />
        <LanguagePicker user={user} />
        <Tooltip title={themeLabel}>
          <IconButton color="inherit" aria-label={themeLabel} onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}>
            {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
