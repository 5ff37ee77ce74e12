import { describe, expect, it } from '@jest/globals';
import { applyRecordChange, matchesSearch, type PagedData } from '../paged-cache';

interface Named {
  id: number;
  name: string;
}
interface Page {
  records: Named[];
  count: number;
  hasMore: boolean;
}

const loaded = (): PagedData<Page> => ({
  pages: [
    { records: [{ id: 1, name: 'Bot da loja' }], count: 3, hasMore: true },
    { records: [{ id: 2, name: 'Fluxo 02' }], count: 3, hasMore: false },
  ],
  pageParams: [1, 2],
});
const apply = (data: PagedData<Page>, change: Parameters<typeof applyRecordChange<Page, Named>>[2], search?: string) =>
  applyRecordChange(
    data,
    (page) => page.records,
    change,
    (record) => matchesSearch(search, record.name),
  );

describe('a paged list kept live by its socket events (spec 3 §4 live lists)', () => {
  it('puts a created record matching the search on top and counts it; one that does not match stays out', () => {
    const data = loaded();
    apply(data, { action: 'create', record: { id: 9, name: 'Fluxo novo' } }, 'fluxo');
    expect(data.pages[0].records.map((record) => record.id)).toEqual([9, 1]);
    expect(data.pages[0].count).toBe(4);
    apply(data, { action: 'create', record: { id: 10, name: 'Outro' } }, 'fluxo');
    expect(data.pages.flatMap((page) => page.records.map((record) => record.id))).not.toContain(10);
    expect(data.pages[0].count).toBe(4);
  });

  it('replaces an updated record where it is loaded, on whatever page, without counting it again', () => {
    const data = loaded();
    apply(data, { action: 'update', record: { id: 2, name: 'Fluxo renomeado' } });
    expect(data.pages[1].records).toEqual([{ id: 2, name: 'Fluxo renomeado' }]);
    expect(data.pages[0].count).toBe(3);
  });

  it('removes a deleted record and the count follows; a record never loaded changes nothing', () => {
    const data = loaded();
    apply(data, { action: 'delete', id: 2 });
    expect(data.pages[1].records).toEqual([]);
    expect(data.pages[0].count).toBe(2);
    apply(data, { action: 'delete', id: 77 });
    expect(data.pages[0].count).toBe(2);
  });
});
