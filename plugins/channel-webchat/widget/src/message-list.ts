import type { TranscriptMessageView } from '../../src/widget-contract.js';

const NEAR_BOTTOM_PX = 80;

/**
 * The conversation's list: one item per message id, kept in server order (seq), whatever order the HTTP answers and
 * socket events arrive in (a bot may answer before the visitor's own POST returns). It follows the newest message
 * while the visitor is at the bottom, also when an image or video grows an item after it loads.
 */
export class MessageList {
  private readonly items = new Map<string, HTMLLIElement>();
  private pinned = true;

  constructor(
    readonly element: HTMLUListElement,
    private readonly fill: (item: HTMLLIElement, view: TranscriptMessageView) => void,
  ) {
    element.addEventListener('scroll', () => {
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
    for (const item of this.items.values()) newest = Math.max(newest, Number(item.dataset.seq));
    return newest;
  }

  /** Shows a message, or refreshes it when already shown (an edit, a deletion). Answers whether it is new. */
  upsert(view: TranscriptMessageView): boolean {
    const known = this.items.get(view.id);
    if (known) {
      this.fill(known, view);
      this.contentChanged();
      return false;
    }
    const item = document.createElement('li');
    item.dataset.id = view.id;
    item.dataset.seq = String(view.seq);
    this.fill(item, view);
    this.items.set(view.id, item);
    const after = [...this.element.querySelectorAll<HTMLLIElement>('li.wc-message')].find((other) => Number(other.dataset.seq) > view.seq);
    this.element.insertBefore(item, after ?? null);
    this.contentChanged();
    return true;
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
    if (this.pinned) this.element.scrollTop = this.element.scrollHeight;
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
