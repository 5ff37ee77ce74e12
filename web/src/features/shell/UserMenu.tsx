import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import type { SessionUser } from '../auth/auth.slice';
import { ProfileModal } from '../users/ProfileModal';
import { useProfileImage } from '../users/use-profile-image';
import { useSignOut } from './use-sign-out';
import { upperCase } from '../../app/i18n';

/** The avatar menu of the top bar: Profile (the profile modal) and Logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const picture = useProfileImage(user.profileImage);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('shell.topBar.account')}>
        <IconButton aria-label={t('shell.topBar.account')} onClick={(event) => setAnchor(event.currentTarget)} sx={{ p: 0.5 }}>
          <Avatar src={picture} alt={user.name} sx={{ width: 32, height: 32, bgcolor: 'secondary.main' }}>
            {upperCase(user.name.charAt(0))}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.topBar.profile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.topBar.logout')}
        </MenuItem>
      </Menu>
      {profileOpen ? <ProfileModal open onClose={() => setProfileOpen(false)} user={user} /> : null}
    </>
  );
}
