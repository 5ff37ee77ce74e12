import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { realtime } from '../../app/realtime';
import { licenceRenewed } from '../auth/auth.slice';
import { formatDueDate } from '../auth/subscription';
import { invoicesApi } from './invoices.api';

/** Spec 2 §9: the payment redirect delay. */
export const PAYMENT_REDIRECT_MS = 5_000;

/**
 * A confirmed payment renews the company's licence (spec 2 §4): on the company's `payment` event (CONCLUIDA) the
 * success toast with the new due date, the session's due date and expired flag updated (so the route guard lets
 * the user in), then /tickets after 5 s. Answers the new due date once renewed.
 */
export function useLicenceRenewal(): string | null {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const companyId = useAppSelector((state) => state.auth.user?.companyId);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);

  useEffect(
    () =>
      realtime.on('payment', (event) => {
        if (event.action === 'CONCLUIDA' && event.company.id === companyId) setRenewedUntil(event.company.dueDate);
      }),
    [companyId],
  );

  useEffect(() => {
    if (!renewedUntil) return;
    dispatch(licenceRenewed({ dueDate: renewedUntil }));
    dispatch(invoicesApi.util.invalidateTags(['Invoice', 'Me']));
    // Kept on screen until the redirect it announces.
    toast.success(t('invoices.payment.renewed', { date: formatDueDate(renewedUntil) }), { autoClose: PAYMENT_REDIRECT_MS });
    const redirect = setTimeout(() => navigate('/tickets', { replace: true }), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(redirect);
    // Once per renewal: a new translation function or navigate must not toast or redirect again.
  }, [renewedUntil]);

  return renewedUntil;
}
