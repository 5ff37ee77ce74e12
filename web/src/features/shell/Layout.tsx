import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, CircularProgress, Drawer, useMediaQuery } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sessionCleared, type SessionUser } from '../auth/auth.slice';
import { MenuDrawer } from './MenuDrawer';
import { menuSettled, visibleMenu } from './menu';
import { TopBar } from './TopBar';
import { useConnectionWarning } from './use-connection-warning';
import { useServiceWorkerUpdates } from './use-service-worker-updates';
import { useSessionUserSync } from './use-session-user-sync';
import { useMenuContext } from './use-menu-context';
import { useSignOut } from './use-sign-out';

/** Spec 1 §9: drawer width 276; 600 px is the narrow-screen breakpoint. */
export const DRAWER_WIDTH = 276;
const MINI_WIDTH = 64;
const WIDE_QUERY = '(min-width:601px)';

function ContentLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
      <CircularProgress />
    </Box>
  );
}

/**
 * The application shell (spec 1 §2): the drawer menu, the top bar and the page, which scrolls on its own.
 * Wide screens: a pinnable drawer (default from the user's defaultMenu) that opens on hover while unpinned.
 * Narrow screens: the drawer is a temporary overlay opened by the menu button.
 */
export default function Layout() {
  const user = useAppSelector((state) => state.auth.user);
  const dispatch = useAppDispatch();
  // A token without its user cannot build the shell: start over at the login page (the route guard sends it there).
  useEffect(() => {
    if (!user) dispatch(sessionCleared());
  }, [user, dispatch]);
  return user ? <Shell user={user} /> : null;
}

function Shell({ user }: { user: SessionUser }) {
  useSessionUserSync(user.id);
  useServiceWorkerUpdates();
  const signOut = useSignOut();
  const wide = useMediaQuery(WIDE_QUERY, { noSsr: true });
  const [pinned, setPinned] = useState(user.defaultMenu !== 'closed');
  const [hovered, setHovered] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);

  // A new menu default saved in the profile applies at once.
  useEffect(() => setPinned(user.defaultMenu !== 'closed'), [user.defaultMenu]);
  useEffect(() => {
    if (wide) setOverlayOpen(false);
    else setHovered(false);
  }, [wide]);

  const menuContext = useMenuContext(user);
  const entries = useMemo(() => (menuSettled(menuContext) ? visibleMenu(menuContext) : []), [menuContext]);
  const connectionWarning = useConnectionWarning(entries.some((entry) => entry.path === '/connections'));

  const expanded = wide ? pinned || hovered : true;
  const common = { user, entries, connectionWarning, onSignOut: () => void signOut() };

  return (
    <Box sx={{ display: 'flex', height: '100dvh', overflow: 'hidden', bgcolor: 'background.default' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          open
          onMouseEnter={() => !pinned && setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          sx={{
            width: pinned ? DRAWER_WIDTH : MINI_WIDTH,
            flexShrink: 0,
            transition: (theme) => theme.transitions.create('width'),
            '& .MuiDrawer-paper': {
              width: expanded ? DRAWER_WIDTH : MINI_WIDTH,
              boxSizing: 'border-box',
              overflowX: 'hidden',
              transition: (theme) => theme.transitions.create('width'),
              // Opened by hover it floats over the page instead of pushing it.
              boxShadow: hovered && !pinned ? 8 : 'none',
            },
          }}
        >
          <MenuDrawer {...common} expanded={expanded} pinned={pinned} onTogglePin={() => setPinned((value) => !value)} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={overlayOpen}
          onClose={() => setOverlayOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' } }}
        >
          <MenuDrawer {...common} expanded onClose={() => setOverlayOpen(false)} onNavigate={() => setOverlayOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
        <TopBar
          user={user}
          menuOpen={wide ? pinned : overlayOpen}
          onMenuClick={() => (wide ? setPinned((value) => !value) : setOverlayOpen(true))}
        />
        <Box component="main" sx={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative' }}>
          <Suspense fallback={<ContentLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
