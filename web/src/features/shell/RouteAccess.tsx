import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import type { SessionUser } from '../auth/auth.slice';
import { access, entryOf } from './menu';
import { useMenuContext } from './use-menu-context';

/** Spec 3 §6: the refusal stays on screen this long before the user is sent to the root path. */
export const REFUSED_REDIRECT_MS = 1000;

/**
 * The route guard of the signed-in pages: each page applies the rule of its menu entry (menu.ts, spec 2 §2 access
 * column), so a page opened by its address is refused exactly when its menu entry is hidden. A refused page shows
 * spec 3 §6's message and after 1 second goes to the root path.
 */
export default function RouteAccess() {
  const user = useAppSelector((state) => state.auth.user);
  const { pathname } = useLocation();
  if (!user) return <Navigate to="/login" replace />;
  return <Guard user={user} pathname={pathname} />;
}

function Guard({ user, pathname }: { user: SessionUser; pathname: string }) {
  const context = useMenuContext(user);
  const entry = entryOf(pathname);
  const verdict = entry ? access(entry.rule, context) : 'allowed';
  if (verdict === 'unknown') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
        <CircularProgress />
      </Box>
    );
  }
  return verdict === 'denied' ? <Refused /> : <Outlet />;
}

export function Refused() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), REFUSED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="error" role="alert">
        {t('shell.access.refused')}
      </Alert>
    </Box>
  );
}
