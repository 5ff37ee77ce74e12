import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAppSelector } from '../../app/hooks';
import { useLogoutMutation, useMeQuery } from './auth.api';
import { AuthLayout } from './AuthLayout';
import { formatDueDate } from './subscription';

/** /financeiro-aberto: the company's subscription has expired (spec 1 §4, §8). */
export default function ExpiredSubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = useAppSelector((state) => state.auth.user);
  // The stored session may be stale: a renewal since sign-in lets the user back in.
  const { data: fresh } = useMeQuery();
  const user = fresh ?? stored;
  const [logout, { isLoading: leaving }] = useLogoutMutation();
  const date = formatDueDate(user?.dueDate ?? user?.company?.dueDate);
  const renewed = fresh !== undefined && !fresh.expired;

  const signOut = async () => {
    // The session ends locally even when the server cannot be reached (auth.api).
    await logout()
      .unwrap()
      .catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <AuthLayout title={t('auth.expired.title')} subtitle={user?.company?.name}>
      <Stack spacing={3}>
        <Alert severity={renewed ? 'success' : 'warning'}>
          {renewed ? t('auth.expired.renewed') : date ? t('auth.expired.message', { date }) : t('auth.expired.messageNoDate')}
        </Alert>
        {renewed && (
          <Button variant="contained" size="large" onClick={() => navigate('/tickets', { replace: true })} fullWidth>
            {t('auth.expired.backToApp')}
          </Button>
        )}
        <Button
          variant={renewed ? 'outlined' : 'contained'}
          size="large"
          startIcon={leaving ? <CircularProgress size={18} color="inherit" /> : <LogoutIcon />}
          disabled={leaving}
          onClick={() => void signOut()}
          fullWidth
        >
          {t('auth.expired.logout')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
