import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import {
  Badge,
  Box,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import LogoutIcon from '@mui/icons-material/Logout';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import type { SessionUser } from '../auth/auth.slice';
import { isEntryPath, type MenuEntry, type MenuGroup } from './menu';
import { menuIcons } from './menu-icons';

/** The menu's sections in display order; the campaigns group is a titled block inside administration. */
const SECTIONS: { title?: MenuGroup; groups: MenuGroup[] }[] = [
  { title: 'management', groups: ['management'] },
  { groups: ['attendance'] },
  { title: 'administration', groups: ['campaigns', 'administration'] },
];

/** The height of a group's heading, and of the rule standing for it while the menu is collapsed. */
const GROUP_HEADING_HEIGHT = 36;

export interface MenuDrawerProps {
  user: SessionUser;
  entries: MenuEntry[];
  /** Labels and section titles shown (pinned, hovered or the narrow overlay); else icons only. */
  expanded: boolean;
  /** Wide screens: the pin state and its toggle. Narrow screens: undefined, the header closes the overlay. */
  pinned?: boolean;
  onTogglePin?: () => void;
  onClose?: () => void;
  onNavigate?: () => void;
  connectionWarning: boolean;
  onSignOut: () => void;
}

/** The drawer's content: header, the menu entries by section, and Logout at the bottom (spec 1 §2). */
export function MenuDrawer(props: MenuDrawerProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { expanded } = props;

  const item = (entry: MenuEntry) => {
    const Icon = menuIcons[entry.icon];
    const label = t(`shell.menu.${entry.labelKey}`);
    const warn = entry.path === '/connections' && props.connectionWarning;
    return (
      <Tooltip key={entry.path} title={expanded ? '' : label} placement="right">
        <ListItemButton
          component={NavLink}
          to={entry.path}
          selected={isEntryPath(entry.path, pathname)}
          onClick={props.onNavigate}
          aria-label={expanded ? undefined : label}
          sx={{ minHeight: 44, px: 2.5, borderRadius: 1, mx: 0.5 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Badge badgeContent={warn ? '!' : 0} color="error" title={warn ? t('shell.drawer.connectionWarning') : undefined}>
              <Icon />
            </Badge>
          </ListItemIcon>
          {/* No margin of its own: the entry keeps its collapsed height when the menu opens. */}
          {expanded ? <ListItemText primary={label} sx={{ my: 0 }} slotProps={{ primary: { noWrap: true } }} /> : null}
        </ListItemButton>
      </Tooltip>
    );
  };

  // Collapsed, a group's heading is a rule of the same height: opening the menu under the pointer (hover) must not
  // move the entries, or the click meant for one lands on another.
  const subheader = (group: MenuGroup, indent = 2) =>
    expanded ? (
      <ListSubheader key={group} sx={{ lineHeight: `${GROUP_HEADING_HEIGHT}px`, bgcolor: 'transparent', position: 'static', pl: indent }}>
        {t(`shell.groups.${group}`)}
      </ListSubheader>
    ) : (
      <Box key={group} component="li" role="separator" sx={{ height: GROUP_HEADING_HEIGHT, display: 'flex', alignItems: 'center', px: 1 }}>
        <Divider sx={{ flex: 1 }} />
      </Box>
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          minHeight: 56,
          px: expanded ? 2 : 1,
          gap: 1,
          justifyContent: expanded ? 'space-between' : 'center',
        }}
      >
        {expanded ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" color="primary" noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              Switchboard
            </Typography>
            {/* Narrow screens hide the top bar's greeting; the overlay says who is signed in. */}
            {props.onClose ? (
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {props.user.name} · {props.user.company?.name}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {props.onTogglePin ? (
          <Tooltip title={props.pinned ? t('shell.drawer.unpin') : t('shell.drawer.pin')}>
            <IconButton
              size="small"
              onClick={props.onTogglePin}
              aria-label={props.pinned ? t('shell.drawer.unpin') : t('shell.drawer.pin')}
              aria-pressed={props.pinned}
            >
              {props.pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        ) : props.onClose ? (
          <IconButton size="small" onClick={props.onClose} aria-label={t('shell.drawer.close')}>
            <ChevronLeftIcon />
          </IconButton>
        ) : null}
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('shell.drawer.navigation')} sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        <List disablePadding>
          {SECTIONS.map((section) => {
            const entries = props.entries.filter((entry) => section.groups.includes(entry.group));
            if (entries.length === 0) return null;
            const campaigns = entries.filter((entry) => entry.group === 'campaigns');
            return (
              <Fragment key={section.groups.join()}>
                {section.title ? subheader(section.title) : null}
                {campaigns.length > 0 ? (
                  <>
                    {subheader('campaigns', 4)}
                    {campaigns.map(item)}
                  </>
                ) : null}
                {entries.filter((entry) => entry.group !== 'campaigns').map(item)}
              </Fragment>
            );
          })}
        </List>
      </Box>
      <Divider />
      <List disablePadding sx={{ py: 1 }}>
        <Tooltip title={expanded ? '' : t('shell.menu.logout')} placement="right">
          <ListItemButton
            onClick={props.onSignOut}
            aria-label={expanded ? undefined : t('shell.menu.logout')}
            sx={{ minHeight: 44, px: 2.5, borderRadius: 1, mx: 0.5 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LogoutIcon />
            </ListItemIcon>
            {expanded ? <ListItemText primary={t('shell.menu.logout')} /> : null}
          </ListItemButton>
        </Tooltip>
      </List>
    </Box>
  );
}
