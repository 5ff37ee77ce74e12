import { describe, expect, it } from '@jest/globals';
import type { Announcement } from '@switchboard/sdk/contracts';
import {
  acceptedImageName,
  ACTIVE_ANNOUNCEMENTS_LIMIT,
  applyActiveChange,
  priorityColor,
  priorityLabelKey,
} from '../announcement-priority';

const announcement = (id: number, priority: 1 | 2 | 3, createdAt: string, status = true): Announcement => ({
  id,
  title: `A${id}`,
  text: 't',
  priority,
  status,
  mediaPath: null,
  mediaName: null,
  createdAt,
  updatedAt: createdAt,
});

describe('announcement priorities and the live popover list (spec 1 §9, spec 3 §9)', () => {
  it('colours 1 red, 2 orange, 3 grey and labels each priority', () => {
    expect([1, 2, 3].map((priority) => priorityColor(priority as 1 | 2 | 3))).toEqual(['error.main', 'warning.main', 'grey.500']);
    expect(priorityLabelKey(2)).toBe('announcements.priority.2');
  });

  it('places an active one created or changed by priority then newest, and drops one made inactive or deleted', () => {
    const low = announcement(1, 3, '2026-01-01T10:00:00Z');
    const high = announcement(2, 1, '2026-01-01T09:00:00Z');
    let list = [high, low];
    list = applyActiveChange(list, { action: 'create', record: announcement(3, 3, '2026-01-02T10:00:00Z') });
    expect(list.map((item) => item.id)).toEqual([2, 3, 1]);
    list = applyActiveChange(list, { action: 'update', record: { ...low, priority: 2 } });
    expect(list.map((item) => item.id)).toEqual([2, 1, 3]);
    list = applyActiveChange(list, { action: 'update', record: { ...high, status: false } });
    expect(list.map((item) => item.id)).toEqual([1, 3]);
    list = applyActiveChange(list, { action: 'create', record: announcement(4, 1, '2026-01-03T10:00:00Z', false) });
    expect(list.map((item) => item.id)).toEqual([1, 3]);
    list = applyActiveChange(list, { action: 'delete', id: 3 });
    expect(list.map((item) => item.id)).toEqual([1]);
  });

  it('keeps at most the server limit', () => {
    const many = Array.from({ length: ACTIVE_ANNOUNCEMENTS_LIMIT }, (_, index) =>
      announcement(index + 1, 2, `2026-01-01T00:00:${String(index).padStart(2, '0')}Z`),
    );
    const list = applyActiveChange(many, { action: 'create', record: announcement(99, 1, '2026-01-01T00:00:00Z') });
    expect(list).toHaveLength(ACTIVE_ANNOUNCEMENTS_LIMIT);
    expect(list[0]!.id).toBe(99);
  });

  it('offers .png, .jpg and .jpeg images only', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg'].every(acceptedImageName)).toBe(true);
    expect(['d.gif', 'e.png.exe', 'f'].some(acceptedImageName)).toBe(false);
  });
});
