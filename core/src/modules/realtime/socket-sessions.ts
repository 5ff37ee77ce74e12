import type { Server as SocketServer, Socket } from 'socket.io';
import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { Authenticator } from '../../platform/auth/authenticator.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { NumberHiding } from '../../platform/http/contact-number-masking.js';
import { seesNumbersMasked } from '../../platform/http/contact-number-masking.js';
import { TicketRoomAccess } from './ticket-room-access.js';

/**
 * The web app's socket: the access token comes in the handshake's auth payload (`auth: { token }`, never the
 * query string, which proxies and logs keep) and is checked like a request's, so a suspended or expired company
 * or an ended session is refused (an expired company's admin is let in to its expiry room only, where billing's
 * `payment` event reaches the expiry page); the socket joins its company's and user's rooms
 * and the ticket rooms its visibility allows (so ticket and message events reach only who may see them). The
 * client's joinChatBox joins one ticket's room after the same check; userStatus keeps the user online.
 * A user who sees contact numbers masked (lgpdHideNumber) joins the masked variant of each room instead.
 */
@injectable()
export class SocketSessions {
  constructor(
    @inject(Authenticator) private readonly authenticator: Authenticator,
    @inject(TicketRoomAccess) private readonly visibility: TicketRoomAccess,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(NumberHiding) private readonly hiding: NumberHiding,
  ) {}

  attach(io: SocketServer): void {
    io.use(async (socket, next) => {
      const token = socket.handshake.auth?.token;
      try {
        const auth = await this.signedIn(typeof token === 'string' ? token : undefined);
        socket.data.auth = auth;
        await socket.join(auth.expired ? [rooms.expired(auth.companyId)] : await this.roomsOf(auth));
        next();
      } catch (error) {
        next(new Error(error instanceof AppError ? error.code : 'ERR_SESSION_EXPIRED'));
      }
    });
    io.on('connection', (socket) => this.serve(socket));
  }

  /** The socket's caller; of an expired company only an admin, who pays on the expiry page. */
  private async signedIn(token: string | undefined): Promise<AuthContext> {
    try {
      return await this.authenticator.authenticateToken(token);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'ERR_SUBSCRIPTION_EXPIRED') throw error;
      const auth = await this.authenticator.authenticateToken(token, { allowExpired: true });
      if (auth.profile !== 'admin') throw error;
      return auth;
    }
  }

  /**
   * The company paid and is no longer expired: its admins' sockets on the expiry page leave the expiry room for the
   * company's rooms, as a new sign-in would join them, so the screens they go to get their live updates.
   */
  async admitRenewed(companyId: number, dueDate: Date): Promise<void> {
    for (const socket of await this.realtime.io.in(rooms.expired(companyId)).fetchSockets()) {
      const auth: AuthContext = { ...(socket.data.auth as AuthContext), expired: false, companyDueDate: dueDate };
      socket.join(await this.roomsOf(auth));
      socket.leave(rooms.expired(companyId));
    }
  }

  /**
   * Ends the user's sockets opened with an older session (token version). A sign-in elsewhere tells them first,
   * so the web app shows "Sua conta foi acessada em outro computador." (spec 1 §4); a logout just closes them.
   */
  async endOlderSessions(userId: number, tokenVersion: number, reason: 'elsewhere' | 'logout'): Promise<void> {
    const sockets = await this.realtime.io.in(bothVariants(rooms.user(userId))).fetchSockets();
    for (const socket of sockets) {
      if ((socket.data.auth as AuthContext | undefined)?.tokenVersion === tokenVersion) continue;
      if (reason === 'elsewhere') socket.emit('auth', { action: 'update', user: { id: userId }, reason: 'elsewhere' });
      // Give the message a moment to leave before the socket goes.
      setTimeout(() => socket.disconnect(true), 250).unref();
    }
  }

  /** Ends the user's sockets of one session (`only`) or of all sessions but one (`except`, or all when neither). */
  async endSessionSockets(userId: number, which: { only?: string; except?: string }): Promise<void> {
    for (const socket of await this.realtime.io.in(bothVariants(rooms.user(userId))).fetchSockets()) {
      const sessionId = (socket.data.auth as AuthContext | undefined)?.sessionId;
      if (which.only !== undefined && sessionId !== which.only) continue;
      if (which.except !== undefined && sessionId === which.except) continue;
      socket.disconnect(true);
    }
  }

  private serve(socket: Socket): void {
    const auth = socket.data.auth as AuthContext;
    void this.setOnline(auth, true).catch(() => {});
    const joinTicket = async (ticketId: unknown) => {
      const id = Number(ticketId);
      if (!Number.isSafeInteger(id) || id <= 0 || !(await this.visibility.canSee(auth, id))) return;
      const masked = socket.rooms.has(rooms.masked(rooms.company(auth.companyId)));
      await socket.join(masked ? rooms.masked(rooms.ticket(id)) : rooms.ticket(id));
    };
    socket.on('joinChatBox', joinTicket);
    socket.on('joinTicket', joinTicket);
    socket.on('leaveChatBox', (ticketId: unknown) => {
      void socket.leave(rooms.ticket(String(ticketId)));
      void socket.leave(rooms.masked(rooms.ticket(String(ticketId))));
    });
    // The notification and status rooms were joined at the handshake; these keep the spec's client happy.
    socket.on('joinNotification', () => {});
    socket.on('joinTickets', () => {});
    socket.on('userStatus', () => void this.setOnline(auth, true).catch(() => {}));
    socket.on('disconnect', () => {
      // Also runs while the server shuts down, when the bus or the database may already be gone.
      void (async () => {
        const others = await this.realtime.io.in(bothVariants(rooms.user(auth.userId))).fetchSockets();
        if (others.length === 0) await this.setOnline(auth, false);
      })().catch(() => {});
    });
  }

  /**
   * lgpdHideNumber changed: the company's profile users move to the room variant that now applies, open tickets
   * included, so the next event already comes masked (or whole).
   */
  async refreshMasking(companyId: number): Promise<void> {
    const masked = await seesNumbersMasked(this.hiding, { companyId, profile: 'user' });
    const from = masked ? rooms.company(companyId) : rooms.masked(rooms.company(companyId));
    const suffix = rooms.masked('');
    for (const socket of await this.realtime.io.in(from).fetchSockets()) {
      if ((socket.data.auth as AuthContext | undefined)?.profile !== 'user') continue;
      const current = [...socket.rooms].filter((room) => room !== socket.id);
      const plainOf = (room: string) => (room.endsWith(suffix) ? room.slice(0, -suffix.length) : room);
      const next = current.map((room) => (masked ? rooms.masked(plainOf(room)) : plainOf(room)));
      socket.join(next);
      for (const room of current) if (!next.includes(room)) socket.leave(room);
    }
  }

  private async roomsOf(auth: AuthContext): Promise<string[]> {
    const viewer = await this.visibility.viewer(auth);
    const joined = [rooms.company(auth.companyId), rooms.user(auth.userId)];
    if (viewer.admin) return [...joined, rooms.allTickets(auth.companyId)];
    joined.push(...viewer.queueIds.map((queueId) => rooms.queue(queueId)));
    if (viewer.allTicket) joined.push(rooms.unqueued(auth.companyId));
    if (viewer.allowGroup) joined.push(rooms.groups(auth.companyId));
    return (await seesNumbersMasked(this.hiding, auth)) ? joined.map(rooms.masked) : joined;
  }

  private async setOnline(auth: AuthContext, online: boolean): Promise<void> {
    const [user] = await this.tenancy
      .of(auth.companyId)
      .table('users')
      .where('id', auth.userId)
      .whereNot('online', online)
      .update({ online, updated_at: new Date() })
      .returning(['id']);
    if (user) this.realtime.emit(rooms.company(auth.companyId), 'user', { action: 'update', user: { id: auth.userId, online } });
  }
}

function bothVariants(room: string): string[] {
  return [room, rooms.masked(room)];
}
