/** The cache of an infinite (paged) list: RTK Query keeps every loaded page. */
export interface PagedData<Page> {
  pages: Page[];
  pageParams: unknown[];
}

type WithId = { id: number };

/**
 * Writes a record pushed by the socket into a paged list: replaces it where it is loaded, otherwise (when
 * `insert` says it belongs to the list) puts it at the top of the first page. Returns whether it was placed.
 */
export function upsertRecord<Page, Item extends WithId>(
  data: PagedData<Page>,
  items: (page: Page) => Item[],
  record: Item,
  insert: boolean,
): boolean {
  for (const page of data.pages) {
    const list = items(page);
    const index = list.findIndex((item) => item.id === record.id);
    if (index >= 0) {
      list[index] = { ...list[index], ...record };
      return true;
    }
  }
  if (!insert || data.pages.length === 0) return false;
  items(data.pages[0]).unshift(record);
  return true;
}

/** Removes a deleted record from whichever loaded page holds it. */
export function removeRecord<Page, Item extends WithId>(data: PagedData<Page>, items: (page: Page) => Item[], id: number): void {
  for (const page of data.pages) {
    const list = items(page);
    const index = list.findIndex((item) => item.id === id);
    if (index >= 0) {
      list.splice(index, 1);
      return;
    }
  }
}

/** Every loaded record, in order (pages can overlap after live inserts, so ids are kept once). */
export function flattenPages<Page, Item extends WithId>(data: PagedData<Page> | undefined, items: (page: Page) => Item[]): Item[] {
  if (!data) return [];
  const seen = new Set<number>();
  const all: Item[] = [];
  for (const page of data.pages) {
    for (const item of items(page)) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      all.push(item);
    }
  }
  return all;
}

/** Whether a searched text matches what the server's ILIKE search would (case-insensitive containment). */
export function matchesSearch(search: string | undefined, ...fields: (string | null | undefined)[]): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLowerCase().includes(needle));
}

/** The next page number while the server says there is more (page answers carry `hasMore`). */
export function nextPageNumber(lastPage: { hasMore: boolean }, _allPages: unknown, lastPageParam: number): number | undefined {
  return lastPage.hasMore ? lastPageParam + 1 : undefined;
}

/** A record list's live change as the settings screens' socket events carry it, read into one shape. */
export type RecordChange<Item> = { action: 'create' | 'update'; record: Item } | { action: 'delete'; id: number };

/**
 * Applies a live change to a paged list whose first page carries the total `count`: an update replaces the record
 * where it is loaded, a create matching the list's search goes on top, a delete removes it; the count follows.
 */
export function applyRecordChange<Page extends { count: number }, Item extends WithId>(
  data: PagedData<Page>,
  items: (page: Page) => Item[],
  change: RecordChange<Item>,
  matches: (record: Item) => boolean,
): void {
  const first = data.pages[0];
  if (change.action === 'delete') {
    const loaded = data.pages.some((page) => items(page).some((item) => item.id === change.id));
    removeRecord(data, items, change.id);
    if (loaded && first) first.count = Math.max(0, first.count - 1);
    return;
  }
  const insert = change.action === 'create' && matches(change.record);
  if (upsertRecord(data, items, change.record, insert) && change.action === 'create' && first) first.count += 1;
}
