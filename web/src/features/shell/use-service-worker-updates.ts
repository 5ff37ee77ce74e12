import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { i18n } from '../../app/i18n';

const UPDATE_TOAST_ID = 'app-update';
const CHECK_EVERY_MS = 30 * 60 * 1000;

/** Asks the waiting worker to take over; the page reloads once it controls it. */
function applyUpdate(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Registers /service-worker.js in production builds and, when a new version is installed while this page is
 * controlled by the current one, shows a persistent toast; clicking it reloads into the new version (spec 1 §2).
 */
export function useServiceWorkerUpdates(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    let interval: ReturnType<typeof setInterval> | undefined;

    const offer = (registration: ServiceWorkerRegistration) => {
      if (cancelled || !navigator.serviceWorker.controller) return;
      toast.info(i18n.t('shell.update.available'), {
        toastId: UPDATE_TOAST_ID,
        autoClose: false,
        closeOnClick: false,
        draggable: false,
        onClick: () => applyUpdate(registration),
      });
    };

    navigator.serviceWorker
      .register('/service-worker.js', { updateViaCache: 'none' })
      .then((registration) => {
        if (registration.waiting) offer(registration);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer(registration);
          });
        });
        // A long-lived tab rarely navigates, so it asks for new versions now and then.
        interval = setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
      })
      .catch(() => undefined);

    return () => {
      cancelled = true;
      if (interval) clearInterval(interval);
    };
  }, []);
}
