import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ChatMembership } from '../chats/index.js';
import { TicketVisibility, visibilityPredicate } from '../tickets/index.js';
import { audioOriginals } from './mp3-copies.js';

const notFound = () => AppError.notFound('ERR_NO_MEDIA_FOUND');

/**
 * The stored path a request names, from its decoded segments. Stored paths are made by code from plain
 * segments (company7/messages/42/name.ogg), so an empty, `.` or `..` segment, or one holding a slash, backslash
 * or NUL (an encoded %2F, %5C, %00), is an attempt to leave the folder: it answers 404 like a missing file.
 */
export function storedPath(segments: string[] | string): string {
  const list = Array.isArray(segments) ? segments : segments.split('/');
  for (const segment of list) {
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) throw notFound();
  }
  return list.join('/');
}

/**
 * Who may read a stored file: the company's users for the files of its folder (profile pictures, quick replies,
 * connection and chatbot files), and for ticket media (`company{id}/messages/{ticketId}/...`) only those who may
 * see a ticket carrying it (spec 1 §6). A forwarded file stays in its first ticket's folder, so a ticket that
 * shows it through a message grants it too. An internal chat's files (`company{id}/chats/{chatId}/...`) are its
 * members' only.
 */
@injectable()
export class MediaAccess {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketVisibility) private readonly visibility: TicketVisibility,
    @inject(ChatMembership) private readonly chats: ChatMembership,
  ) {}

  /** Throws 404 unless `auth` may read `stored` (a path from storedPath). */
  async check(auth: AuthContext, stored: string): Promise<void> {
    const [company, folder, ticket] = stored.split('/');
    if (company !== `company${auth.companyId}`) throw notFound();
    if (folder === 'chats') {
      const chatId = Number(ticket);
      if (!Number.isSafeInteger(chatId) || !(await this.chats.isMember(auth, chatId))) throw notFound();
      return;
    }
    if (folder !== 'messages') return;
    const predicate = visibilityPredicate(await this.visibility.viewer(auth), 't');
    if (!predicate) return;
    const scope = this.tenancy.of(auth.companyId);
    // An mp3 copy is read through its original's message.
    const files = [stored, ...audioOriginals(stored)];
    const ticketId = Number(ticket);
    const visible = await scope
      .table('tickets as t')
      .whereRaw(predicate.sql, predicate.bindings)
      .where((which) => {
        if (Number.isSafeInteger(ticketId)) which.where('t.id', ticketId);
        which.orWhereExists(
          scope.table('messages as m').whereRaw('m.ticket_id = t.id').whereIn('m.media_url', files).select(scope.raw('1')),
        );
      })
      .first('t.id');
    if (!visible) throw notFound();
  }
}
