import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { refreshSession } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { realtime } from '../../app/realtime';
import { store } from '../../app/store';

const HEARTBEAT_MS = 300_000;

/**
 * While signed in: the company socket is open, a userStatus heartbeat goes every 300000 ms, and a sign-in
 * elsewhere shows 'Sua conta foi acessada em outro computador.' then clears local storage and reloads (spec 1 §4).
 */
export function SessionLifecycle() {
  const token = useAppSelector((state) => state.auth.token);
  const { t } = useTranslation();

  useEffect(() => {
    if (!token) {
      realtime.disconnect();
      return;
    }
    realtime.connect(
      () => store.getState().auth.token,
      () => refreshSession(store.dispatch),
    );
    realtime.emit('joinNotification');
    const heartbeat = setInterval(() => realtime.emit('userStatus'), HEARTBEAT_MS);
    const offAuth = realtime.on('auth', (payload) => {
      if (payload?.reason !== 'elsewhere') return;
      toast.error(t('auth.loggedInElsewhere'));
      setTimeout(() => {
        localStorage.clear();
        window.location.reload();
      }, 1000);
    });
    return () => {
      clearInterval(heartbeat);
      offAuth();
    };
  }, [token, t]);

  return null;
}
