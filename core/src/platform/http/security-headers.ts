import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers of the web app and the API (helmet). The policy fits the built app: MUI styles are injected
 * <style> elements, media are blob: URLs, contacts' pictures come from the channels' https CDNs, the socket is
 * the same origin, Facebook's SDK (the login button) loads from connect.facebook.net and opens its dialogs in
 * facebook.com frames and popups, and help videos are YouTube embeds. Nothing may frame the app; the website
 * chat widget, which must be embeddable anywhere, is served by its plugin before these headers apply.
 * Stored files get a stricter policy of their own (modules/media).
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const https = new URL(publicUrl).protocol === 'https:';
  const socket = new URL(publicUrl);
  socket.protocol = https ? 'wss:' : 'ws:';
  const facebook = ['https://www.facebook.com', 'https://web.facebook.com', 'https://staticxx.facebook.com'];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://connect.facebook.net'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socket.origin, 'https://graph.facebook.com', ...facebook],
        frameSrc: [...facebook, 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Facebook's login popup reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // YouTube embeds need the origin; no path or query ever leaves the app.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only behind https: on plain http it would lock browsers out of a later plain-http address on that host.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
}
