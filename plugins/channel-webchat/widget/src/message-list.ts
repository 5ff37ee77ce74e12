import type { TranscriptMessageView } from '../../src/widget-contract.js';

const NEAR_BOTTOM_PX = 80;

/**
 * The conversation's list: one item per message id, kept in server order (seq), whatever order the HTTP answers and
 * socket events arrive in (a bot may answer before the visitor's own POST returns). The visitor's messages the server
 * has not taken yet wait at the end, under the id the server will give them, and take their place when it does. It
 * follows the newest message while the visitor is at the bottom, also when an image or video grows an item after it loads.
 */
export class MessageList {
  private readonly items = new Map<string, HTMLLIElement>();
  private pinned = true;
  /**
   * Where contentChanged last scrolled: that scroll's event may arrive after the list grew again (an image loaded), when
   * the list would no longer look pinned; it is not the visitor scrolling up.
   */
  private scrolledTo = -1;

  constructor(
    readonly element: HTMLUListElement,
    private readonly fill: (item: HTMLLIElement, view: TranscriptMessageView) => void,
  ) {
    element.addEventListener('scroll', () => {
      if (element.scrollTop === this.scrolledTo) {
        this.scrolledTo = -1;
        this.pinned = true;
        return;
      }
      this.pinned = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    });
    // A smaller window (a phone's keyboard, a resized frame) keeps the newest message in view.
    new ResizeObserver(() => this.contentChanged()).observe(element);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** The highest seq shown (0 for none). */
  newestSeq(): number {
    let newest = 0;
    for (const item of this.items.values()) if (!item.dataset.pending) newest = Math.max(newest, Number(item.dataset.seq) || 0);
    return newest;
  }

  /**
   * Shows a message, or refreshes it when already shown (an edit, a deletion, the server's copy of a message that was
   * waiting, which then moves to its place). Answers whether it is new.
   */
  upsert(view: TranscriptMessageView): boolean {
    const known = this.items.get(view.id);
    if (known) {
      this.fill(known, view);
      if (known.dataset.pending) {
        delete known.dataset.pending;
        known.dataset.seq = String(view.seq);
        this.element.insertBefore(known, this.placeOf(view.seq, known));
      }
      this.contentChanged();
      return false;
    }
    const item = document.createElement('li');
    item.dataset.id = view.id;
    item.dataset.seq = String(view.seq);
    this.fill(item, view);
    this.items.set(view.id, item);
    this.element.insertBefore(item, this.placeOf(view.seq, item));
    this.contentChanged();
    return true;
  }

  /** Shows a message of the visitor's that the server has not taken yet, last, under the id it will have. */
  addPending(id: string, fill: (item: HTMLLIElement) => void): void {
    const item = document.createElement('li');
    item.dataset.id = id;
    item.dataset.pending = 'true';
    fill(item);
    this.items.set(id, item);
    this.element.append(item);
    this.scrollToNewest();
  }

  isPending(id: string): boolean {
    return Boolean(this.items.get(id)?.dataset.pending);
  }

  /** Redraws a waiting message (its state changed). */
  refreshPending(id: string, fill: (item: HTMLLIElement) => void): void {
    const item = this.items.get(id);
    if (!item?.dataset.pending) return;
    fill(item);
    this.contentChanged();
  }

  /** A waiting message the server refused for good stays where it was written, among the messages shown. */
  settleRefused(id: string, fill: (item: HTMLLIElement) => void): void {
    const item = this.items.get(id);
    if (!item?.dataset.pending) return;
    delete item.dataset.pending;
    // Between the newest message and the next one, so it keeps its place without a seq of its own.
    item.dataset.seq = String(this.newestSeq() + 0.5);
    fill(item);
    this.element.insertBefore(item, this.placeOf(Number(item.dataset.seq), item));
    this.contentChanged();
  }

  /** The item a message of this seq goes before: the first later one, or the first still waiting (they come last). */
  private placeOf(seq: number, self: HTMLLIElement): HTMLLIElement | null {
    const items = [...this.element.querySelectorAll<HTMLLIElement>('li.wc-message')].filter((other) => other !== self);
    return items.find((other) => Boolean(other.dataset.pending) || Number(other.dataset.seq) > seq) ?? null;
  }

  remove(id: string): void {
    this.items.get(id)?.remove();
    this.items.delete(id);
  }

  item(id: string): HTMLLIElement | undefined {
    return this.items.get(id);
  }

  clear(): void {
    this.items.clear();
    this.element.textContent = '';
    this.pinned = true;
  }

  /** Called when something grew (a new item, a loaded image): stays at the newest when the visitor was there. */
  contentChanged(): void {
    if (!this.pinned) return;
    this.element.scrollTop = this.element.scrollHeight;
    this.scrolledTo = this.element.scrollTop;
  }

  scrollToNewest(): void {
    this.pinned = true;
    this.contentChanged();
  }

  /** Adds older messages above without moving what the visitor is reading. */
  async keepingPosition(work: () => Promise<void>): Promise<void> {
    const fromBottom = this.element.scrollHeight - this.element.scrollTop;
    const pinned = this.pinned;
    this.pinned = false;
    try {
      await work();
    } finally {
      this.element.scrollTop = this.element.scrollHeight - fromBottom;
      this.pinned = pinned;
    }
  }
}
