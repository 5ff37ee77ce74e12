import type { Announcement, AnnouncementEvent } from '@switchboard/sdk/contracts';

export type AnnouncementPriority = Announcement['priority'];

/** Spec 3 §9: 1 Alta, 2 Média, 3 Baixa; a new announcement is 3 and active. */
export const ANNOUNCEMENT_PRIORITIES: AnnouncementPriority[] = [1, 2, 3];
export const DEFAULT_ANNOUNCEMENT_PRIORITY: AnnouncementPriority = 3;

/** The i18n key of a priority's label. */
export function priorityLabelKey(priority: AnnouncementPriority): string {
  return `announcements.priority.${priority}`;
}

/** Spec 1 §9: announcement priority colours, 1 red, 2 orange, 3 grey (theme palette paths). */
export function priorityColor(priority: AnnouncementPriority): string {
  return priority === 1 ? 'error.main' : priority === 2 ? 'warning.main' : 'grey.500';
}

/** How many active announcements the popover lists (the server's limit of GET /announcements/active). */
export const ACTIVE_ANNOUNCEMENTS_LIMIT = 20;

/** The popover's order, the server's too: highest priority first (1), then newest. */
export function compareAnnouncements(a: Announcement, b: Announcement): number {
  return a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

/**
 * The popover's active announcements after a live change: an active one created or changed is placed in order, one
 * made inactive or deleted leaves; at most the server's limit are kept. Answers a new array.
 */
export function applyActiveChange(current: Announcement[], event: AnnouncementEvent): Announcement[] {
  const id = event.action === 'delete' ? event.id : event.record.id;
  const others = current.filter((announcement) => announcement.id !== id);
  if (event.action === 'delete' || !event.record.status) return others;
  return [...others, event.record].sort(compareAnnouncements).slice(0, ACTIVE_ANNOUNCEMENTS_LIMIT);
}

/** The image types the picker offers (spec 3 §5: .png, .jpg, .jpeg); the server checks the bytes too. */
export const ANNOUNCEMENT_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** Whether a chosen file's name is one of the accepted image kinds. */
export function acceptedImageName(name: string): boolean {
  return /\.(png|jpe?g)$/i.test(name);
}
