import { useEffect, useState } from 'react';
import { store } from '../../../app/store';

/** The address of a stored file: core keeps a path under the company's folder, served by GET /media/<path>. */
export function mediaAddress(mediaUrl: string): string {
  if (/^(https?:|blob:|data:)/.test(mediaUrl)) return mediaUrl;
  return `/media/${mediaUrl.replace(/^\/?(media\/)?/, '')}`;
}

/** Fetches a stored file with the bearer token (spec 1 §7: media URLs are fetched as blobs). */
export async function fetchMediaBlob(mediaUrl: string): Promise<Blob> {
  const address = mediaAddress(mediaUrl);
  const sameOrigin = !/^https?:/.test(address) || address.startsWith(window.location.origin);
  const token = store.getState().auth.token;
  const response = await fetch(address, { headers: sameOrigin && token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`GET ${address} → ${response.status}`);
  return response.blob();
}

/** An object URL for a stored file while the component lives; `failed` when it cannot be read. */
export function useMediaBlob(mediaUrl: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!mediaUrl) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setState({ url: null, failed: false });
    fetchMediaBlob(mediaUrl)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => !cancelled && setState({ url: null, failed: true }));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [mediaUrl]);
  return state;
}

/** Saves a stored file under its name; a failure is logged (spec 1 §8). */
export async function downloadMedia(mediaUrl: string, fileName: string): Promise<void> {
  try {
    const blob = await fetchMediaBlob(mediaUrl);
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  } catch (error) {
    console.error('Erro ao baixar o arquivo', error);
  }
}

/** The file name shown for a stored file: the path's last part without the storage's time prefix. */
export function mediaFileName(mediaUrl: string | null, fallback = 'file'): string {
  const last = mediaUrl?.split('/').pop()?.split('?')[0];
  return last ? decodeURIComponent(last).replace(/^\d{10,}-/, '') : fallback;
}
