// The store's appends when the disk fails them: each failure rejects its own append only, and what it wrote
// of its line is cut off, so that the file holds whole lines and the appends after it are written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Judgment } from '../../src/formats/judgments.js';
import { openStore } from '../../src/judging/store-file.js';
import { failingWrites, fileHandlePrototype } from '../helpers/failing-writes.js';

const dir = mkdtempSync(join(tmpdir(), 'rankeval-store-file-'));
const line = (doc_id: string, grade: number): Judgment => ({ query_id: 'q1', doc_id, grade, judge: 'ann', at: '2026-12-07T20:00:00Z' });

afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openStore: appends after a failed write', () => {
  it('rejects the failed append only, cuts off the part of its line written, and writes the appends after it', async () => {
    const path = join(dir, 'full.jsonl');
    const store = await openStore(path);
    await store.append(line('d1', 1));
    // The disk fills mid-line: 9 bytes of d2's line are written, then ENOSPC; then d3's write fails at once.
    failingWrites([9, 0, 0]);
    const appends = [store.append(line('d2', 2)), store.append(line('d3', 3)), store.append(line('d4', 0))];
    const settled = await Promise.allSettled(appends);
    expect(settled.map((result) => (result.status === 'rejected' ? (result.reason as NodeJS.ErrnoException).code : 'written'))).toEqual(['ENOSPC', 'ENOSPC', 'written']);
    await store.append(line('d2', 2));
    await store.close();
    expect(readFileSync(path, 'utf8')).toBe([line('d1', 1), line('d4', 0), line('d2', 2)].map((judgment) => `${JSON.stringify(judgment)}\n`).join(''));
  });

  it('cuts off a whole line whose sync to the disk failed: it was answered as not saved', async () => {
    const path = join(dir, 'sync.jsonl');
    const store = await openStore(path);
    const sync = vi.spyOn(fileHandlePrototype, 'datasync').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(store.append(line('d1', 1))).rejects.toMatchObject({ code: 'EIO' });
    expect(sync).toHaveBeenCalledOnce();
    await store.append(line('d2', 2));
    await store.close();
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(line('d2', 2))}\n`);
  });
});
