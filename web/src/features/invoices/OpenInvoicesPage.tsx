import { useEffect } from 'react';
import { Alert, AlertTitle, AppBar, Box, Button, CircularProgress, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLogoutMutation, useMeQuery } from '../auth/auth.api';
import { licenceRenewed } from '../auth/auth.slice';
import { formatDueDate } from '../auth/subscription';
import { InvoicesScreen } from './InvoicesScreen';

/** An expired company's invoice may not be made yet (the sweeper passes every minute): the list is read again this often. */
const AWAITED_INVOICE_REFRESH_MS = 30_000;

/**
 * /financeiro-aberto (spec 1 §4): where an expired company's users are kept. Its admins see why access is blocked
 * and the invoices screen to pay from; a payment lets them back in without signing in again. Outside the app's
 * frame, so the page carries its own way out.
 */
export default function OpenInvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.auth.user);
  // The stored session may be stale: a renewal since sign-in lets the user back in.
  const { data: fresh } = useMeQuery();
  const user = fresh ?? stored;
  const renewed = user !== null && !user.expired;
  const canPay = user?.profile === 'admin' || user?.super === true;
  const [logout, { isLoading: leaving }] = useLogoutMutation();

  useEffect(() => {
    const dueDate = fresh?.dueDate ?? fresh?.company?.dueDate;
    if (fresh && !fresh.expired && stored?.expired && dueDate) dispatch(licenceRenewed({ dueDate }));
  }, [fresh, stored?.expired, dispatch]);

  const signOut = async () => {
    // The session ends locally even when the server cannot be reached (auth.api).
    await logout()
      .unwrap()
      .catch(() => undefined);
    navigate('/login', { replace: true });
  };

  const date = formatDueDate(user?.dueDate ?? user?.company?.dueDate);
  const banner = (
    <Alert severity={renewed ? 'success' : 'error'} variant="outlined">
      <AlertTitle>{renewed ? t('invoices.expired.renewedTitle') : t('auth.expired.title')}</AlertTitle>
      {renewed ? (
        t('auth.expired.renewed')
      ) : (
        <>
          <Typography variant="body2">{date ? t('auth.expired.message', { date }) : t('auth.expired.messageNoDate')}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
            {canPay ? t('invoices.expired.blocked') : t('invoices.expired.askAdmin')}
          </Typography>
        </>
      )}
    </Alert>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography variant="h6" component="p" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {user?.company?.name}
          </Typography>
          {renewed ? (
            <Button variant="contained" onClick={() => navigate('/tickets', { replace: true })}>
              {t('auth.expired.backToApp')}
            </Button>
          ) : null}
          <Button
            color="inherit"
            startIcon={leaving ? <CircularProgress size={18} color="inherit" /> : <LogoutIcon />}
            disabled={leaving}
            onClick={() => void signOut()}
          >
            {t('auth.expired.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {canPay ? (
          <InvoicesScreen banner={banner} refreshMs={renewed ? undefined : AWAITED_INVOICE_REFRESH_MS} />
        ) : (
          <Box sx={{ p: 2 }}>{banner}</Box>
        )}
      </Box>
    </Box>
  );
}
