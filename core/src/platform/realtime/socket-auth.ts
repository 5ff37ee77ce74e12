import type { Server as SocketServer } from 'socket.io';
import type { Authenticator } from '../auth/authenticator.js';
import { AppError } from '../http/app-error.js';
import { rooms } from './realtime-bus.js';

/**
 * The JWT is checked at the handshake (auth.token, or the token query parameter older clients send); a socket
 * joins its company's and its user's rooms, so company events never reach another company.
 */
export function authenticateSockets(io: SocketServer, authenticator: Authenticator): void {
  io.use(async (socket, next) => {
    const token = socket.handshake.auth?.token ?? socket.handshake.query?.token;
    try {
      const auth = await authenticator.authenticateToken(typeof token === 'string' ? token : undefined);
      socket.data.auth = auth;
      await socket.join([rooms.company(auth.companyId), rooms.user(auth.userId)]);
      next();
    } catch (error) {
      next(new Error(error instanceof AppError ? error.code : 'ERR_SESSION_EXPIRED'));
    }
  });
}
