import type { QuickMessage } from '@switchboard/sdk/contracts';

/** The composer's "/" list in its groups: each category by name, then the replies filed under none. */
export interface QuickReplyGroup {
  /** The category's name; null for the replies without one. */
  category: string | null;
  replies: QuickMessage[];
}

export function groupQuickReplies(replies: QuickMessage[], categories: QuickMessage[]): QuickReplyGroup[] {
  const names = new Map(categories.map((category) => [category.id, category.shortcode]));
  const groups = new Map<string | null, QuickMessage[]>();
  for (const reply of replies) {
    const category = (reply.categoryId && names.get(reply.categoryId)) || null;
    groups.set(category, [...(groups.get(category) ?? []), reply]);
  }
  return [...groups.entries()]
    .map(([category, members]) => ({ category, replies: members }))
    .sort((a, b) => (a.category === null ? 1 : b.category === null ? -1 : a.category.localeCompare(b.category)));
}
