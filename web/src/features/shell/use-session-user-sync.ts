import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { realtime } from '../../app/realtime';
import { useMeQuery } from '../auth/auth.api';
import { userUpdated, type SessionUser } from '../auth/auth.slice';

/**
 * Keeps the session user current while the shell is open: re-read once from GET /auth/me (permission switches,
 * plan and due date may have changed since sign-in), then from the `user` socket events about this user.
 */
export function useSessionUserSync(userId: number): void {
  const dispatch = useAppDispatch();
  const { data: me } = useMeQuery();

  useEffect(() => {
    if (me) dispatch(userUpdated(me));
  }, [me, dispatch]);

  useEffect(
    () =>
      realtime.on('user', (event) => {
        if (event.action !== 'update' || event.user.id !== userId) return;
        // The event's company is the short form {id, name, dueDate}; the session keeps the full one (plan, settings).
        const { company: _company, ...fields } = event.user;
        // The server sends this user's own record: its profile is one of the session's profiles.
        dispatch(userUpdated(fields as Partial<SessionUser>));
      }),
    [userId, dispatch],
  );
}
