import type { ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import type { SessionUser } from '../auth/auth.slice';
import { access, menuEntries } from '../shell/menu';
import { Refused } from '../shell/RouteAccess';
import { useMenuContext } from '../shell/use-menu-context';

const campaignsRule = menuEntries.find((entry) => entry.path === '/campaigns')!.rule;

/**
 * The campaigns entry's rule (plan flag useCampaigns, spec 3 §6) for a campaign page the route guard does not tie to
 * a menu entry by its address: the report lives under /campaign/, not /campaigns/.
 */
export function CampaignsAccess(props: { children: ReactNode }) {
  const user = useAppSelector((state) => state.auth.user);
  return user ? <Guard user={user}>{props.children}</Guard> : null;
}

function Guard(props: { user: SessionUser; children: ReactNode }) {
  const verdict = access(campaignsRule, useMenuContext(props.user));
  if (verdict === 'unknown') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return verdict === 'denied' ? <Refused /> : props.children;
}
