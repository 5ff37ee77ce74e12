// react-trello ships no types: what the kanban board uses of it.
declare module 'react-trello' {
  import type { ComponentType, CSSProperties } from 'react';

  export interface BoardCard {
    id: string;
    title?: string;
    description?: string;
    label?: string;
    laneId?: string;
    metadata?: unknown;
    draggable?: boolean;
  }

  export interface BoardLane {
    id: string;
    title: string;
    label?: string;
    cards: BoardCard[];
    style?: CSSProperties;
    titleStyle?: CSSProperties;
    labelStyle?: CSSProperties;
    cardStyle?: CSSProperties;
    droppable?: boolean;
  }

  export interface BoardData {
    lanes: BoardLane[];
  }

  export interface BoardProps {
    data: BoardData;
    draggable?: boolean;
    laneDraggable?: boolean;
    cardDraggable?: boolean;
    hideCardDeleteIcon?: boolean;
    // A lane part replaced by the app receives the card fields it draws (react-trello passes them untyped).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    components?: Record<string, ComponentType<any>>;
    style?: CSSProperties;
    laneStyle?: CSSProperties;
    onCardMoveAcrossLanes?: (fromLaneId: string, toLaneId: string, cardId: string, index: number) => void;
  }

  const Board: ComponentType<BoardProps>;
  export default Board;
}
