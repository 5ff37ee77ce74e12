import { useNavigate } from 'react-router-dom';
import { useColorMode } from '../../app/color-mode';
import { useLogoutMutation } from '../auth/auth.api';

/** Logout (spec 1 §2): ends the session, switches the theme back to light and goes to /login. */
export function useSignOut(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const { setMode } = useColorMode();
  const navigate = useNavigate();
  return async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    setMode('light');
    navigate('/login', { replace: true });
  };
}
