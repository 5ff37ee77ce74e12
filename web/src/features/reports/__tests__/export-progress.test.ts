import { describe, expect, it } from '@jest/globals';
import { ExportProgress, readExport } from '../export-progress';

/** A streamed answer of `chunks` byte counts that announces `rows` rows. */
function streamed(rows: number, chunks: number[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'X-Report-Rows': String(rows) } });
}

describe('the export progress', () => {
  it('grows with the bytes read against the announced rows, holds below 100 until the end, then reports 100', async () => {
    const progress = new ExportProgress();
    const seen: (number | null)[] = [];
    progress.subscribe(() => seen.push(progress.get()));
    // 100 rows are estimated at 6,400 bytes: 1,600 is a quarter, 3,200 half; a larger file than estimated stays at 99.
    const file = await readExport(streamed(100, [1600, 1600, 6400]), progress);
    expect(seen).toEqual([25, 50, 99, 100]);
    expect(file.size).toBe(9600);
  });

  it('reads an export of no rows whole', async () => {
    const progress = new ExportProgress();
    const file = await readExport(streamed(0, [500]), progress);
    expect(progress.get()).toBe(100);
    expect(file.size).toBe(500);
  });
});
