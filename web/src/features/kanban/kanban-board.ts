import type { BoardData } from 'react-trello';
import { readableTextOn } from '../tags/tag-colors';
import type { KanbanLane, KanbanTicket } from './kanban.api';

/** The lane of tickets in no kanban lane (spec 3 §2.14: its id is 0). */
export const OPEN_LANE_ID = '0';

/**
 * The board react-trello draws: the open lane first, then one lane per kanban tag in its colour. A ticket sits in
 * the first of its tags that is a lane, else in the open lane.
 */
export function boardData(
  tickets: KanbanTicket[],
  lanes: KanbanLane[],
  texts: { openLane: string; cardTitle: (id: number) => string },
): BoardData {
  const laneIds = new Set(lanes.map((lane) => lane.id));
  const byLane = new Map<string, KanbanTicket[]>();
  for (const ticket of tickets) {
    const lane = String(ticket.tags.find((tag) => laneIds.has(tag.id))?.id ?? OPEN_LANE_ID);
    byLane.set(lane, [...(byLane.get(lane) ?? []), ticket]);
  }
  const cards = (laneId: string) =>
    (byLane.get(laneId) ?? []).map((ticket) => ({
      id: String(ticket.id),
      title: texts.cardTitle(ticket.id),
      description: ticket.lastMessage,
      metadata: ticket,
    }));
  return {
    lanes: [
      { id: OPEN_LANE_ID, title: texts.openLane, label: String(byLane.get(OPEN_LANE_ID)?.length ?? 0), cards: cards(OPEN_LANE_ID) },
      ...lanes.map((lane) => {
        const id = String(lane.id);
        const color = lane.color || undefined;
        return {
          id,
          title: lane.name,
          label: String(byLane.get(id)?.length ?? 0),
          cards: cards(id),
          style: color ? { backgroundColor: color, color: readableTextOn(color) } : undefined,
        };
      }),
    ],
  };
}
