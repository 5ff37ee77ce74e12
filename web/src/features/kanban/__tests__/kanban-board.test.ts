import { describe, expect, it } from '@jest/globals';
import { boardData, OPEN_LANE_ID } from '../kanban-board';
import type { KanbanTicket } from '../kanban.api';

const ticket = (id: number, tags: number[]): KanbanTicket => ({
  id,
  uuid: `uuid-${id}`,
  status: 'open',
  lastMessage: `última ${id}`,
  updatedAt: '2026-11-02T12:00:00Z',
  contact: { id, name: `Pessoa ${id}`, number: `55119000000${id}` },
  tags: tags.map((tag) => ({ id: tag })),
});
const texts = { openLane: 'Em aberto', cardTitle: (id: number) => `Ticket n° ${id}` };

describe('kanban board (spec 3 §2.14)', () => {
  it('puts each ticket in its lane, the open lane first for tickets in none, with counts as labels', () => {
    const lanes = [
      { id: 7, name: 'Proposta', color: '#1565c0' },
      { id: 9, name: 'Fechado', color: '#ffeb3b' },
    ];
    const board = boardData([ticket(1, []), ticket(2, [7]), ticket(3, [42, 9]), ticket(4, [42])], lanes, texts);
    expect(board.lanes.map((lane) => [lane.id, lane.title, lane.label, lane.cards.map((card) => card.id)])).toEqual([
      [OPEN_LANE_ID, 'Em aberto', '2', ['1', '4']],
      ['7', 'Proposta', '1', ['2']],
      ['9', 'Fechado', '1', ['3']],
    ]);
    expect(board.lanes[1]!.cards[0]).toMatchObject({ title: 'Ticket n° 2', description: 'última 2', metadata: { uuid: 'uuid-2' } });
    // The lane's text stays readable on its colour.
    expect(board.lanes[1]!.style).toEqual({ backgroundColor: '#1565c0', color: '#fff' });
    expect(board.lanes[2]!.style).toEqual({ backgroundColor: '#ffeb3b', color: 'rgba(0,0,0,0.87)' });
  });

  it('keeps every lane when no ticket is in it', () => {
    const board = boardData([], [{ id: 7, name: 'Proposta', color: null }], texts);
    expect(board.lanes.map((lane) => [lane.id, lane.label, lane.cards.length, lane.style])).toEqual([
      [OPEN_LANE_ID, '0', 0, undefined],
      ['7', '0', 0, undefined],
    ]);
  });
});
