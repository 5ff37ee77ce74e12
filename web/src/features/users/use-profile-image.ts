import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';

/**
 * An object URL for a stored profile picture (GET /media/<path>). Media is fetched as a blob with the bearer
 * token (spec 1 §7) so the token never lands in an <img> address; the URL is released when the path changes.
 */
export function useProfileImage(path: string | null | undefined): string | undefined {
  const token = useAppSelector((state) => state.auth.token);
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!path || !token) return;
    let objectUrl: string | undefined;
    const controller = new AbortController();
    fetch(`/media/${path.split('/').map(encodeURIComponent).join('/')}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      // A missing picture falls back to the initial; nothing to tell the user.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, token]);
  return url;
}
