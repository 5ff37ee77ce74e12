import { mkdtemp, readFile, rm, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DiskMediaStorage } from '../disk-media-storage.js';

describe('DiskMediaStorage', () => {
  let root: string;
  let storage: DiskMediaStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sb-media-'));
    storage = new DiskMediaStorage({ root });
  });

  afterEach(async () => {
    await storage.close();
    await rm(root, { recursive: true, force: true });
  });

  it('saves, reads, finds and removes a file', async () => {
    const stored = await storage.save({ companyId: 1, folder: 'users/7', fileName: 'photo.png', data: Buffer.from('png!') });
    expect(stored).toEqual({ path: 'company1/users/7/photo.png', size: 4 });
    expect(await storage.exists(stored.path)).toBe(true);
    expect(await text(storage.read(stored.path))).toBe('png!');
    expect(storage.absolutePath(stored.path)).toBe(path.join(root, 'company1', 'users', '7', 'photo.png'));
    await storage.remove(stored.path);
    expect(await storage.exists(stored.path)).toBe(false);
    await storage.remove(stored.path);
  });

  it("removes a company's whole folder and nothing of another company", async () => {
    const photo = await storage.save({ companyId: 4, folder: 'users/7', fileName: 'photo.png', data: Buffer.from('png!') });
    const note = await storage.save({ companyId: 4, folder: 'messages/42', fileName: 'note.ogg', data: Buffer.from('ogg') });
    const other = await storage.save({ companyId: 40, folder: 'users/7', fileName: 'photo.png', data: Buffer.from('png!') });
    await storage.removeCompany(4);
    expect(await storage.exists(photo.path)).toBe(false);
    expect(await storage.exists(note.path)).toBe(false);
    expect(await readdir(root)).toEqual(['company40']);
    expect(await storage.exists(other.path)).toBe(true);
    await storage.removeCompany(4);
    await expect(storage.removeCompany(0)).rejects.toThrow('Invalid company id');
    await expect(storage.removeCompany(Number.NaN)).rejects.toThrow('Invalid company id');
    expect(await readdir(root)).toEqual(['company40']);
  });

  it('saves a stream and leaves no temporary file behind', async () => {
    const stored = await storage.save({
      companyId: 3,
      folder: 'tickets/42',
      fileName: 'note.txt',
      data: Readable.from(['hello ', 'world']),
    });
    expect(stored).toEqual({ path: 'company3/tickets/42/note.txt', size: 11 });
    expect(await readFile(path.join(root, stored.path), 'utf8')).toBe('hello world');
    expect(await readdir(path.join(root, 'company3/tickets/42'))).toEqual(['note.txt']);
  });

  it('keeps each company in its own folder', async () => {
    const first = await storage.save({ companyId: 1, folder: 'media', fileName: 'a.txt', data: Buffer.from('one') });
    const second = await storage.save({ companyId: 2, folder: 'media', fileName: 'a.txt', data: Buffer.from('two') });
    expect(first.path).toBe('company1/media/a.txt');
    expect(second.path).toBe('company2/media/a.txt');
    expect(await text(storage.read(first.path))).toBe('one');
    expect(await text(storage.read(second.path))).toBe('two');
    expect((await readdir(root)).sort()).toEqual(['company1', 'company2']);
  });

  it('replaces unsafe characters of a file name', async () => {
    const stored = await storage.save({ companyId: 1, folder: '', fileName: '.my photo?*<>.png', data: Buffer.from('x') });
    expect(stored.path).toBe('company1/my_photo____.png');
    const accented = await storage.save({ companyId: 1, folder: 'docs', fileName: 'relatório final.pdf', data: Buffer.from('x') });
    expect(accented.path).toBe('company1/docs/relatório_final.pdf');
  });

  it('refuses folders and file names that escape', async () => {
    const save = (folder: string, fileName: string) => storage.save({ companyId: 1, folder, fileName, data: Buffer.from('x') });
    await expect(save('../company2', 'a.txt')).rejects.toThrow();
    await expect(save('users/../../etc', 'a.txt')).rejects.toThrow();
    await expect(save('/etc', 'a.txt')).rejects.toThrow();
    await expect(save('users/\0', 'a.txt')).rejects.toThrow();
    await expect(save('users', '../../passwd')).rejects.toThrow();
    await expect(save('users', '/etc/passwd')).rejects.toThrow();
    await expect(save('users', 'a\0.txt')).rejects.toThrow();
    await expect(storage.save({ companyId: 0, folder: 'users', fileName: 'a.txt', data: Buffer.from('x') })).rejects.toThrow();
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses paths outside the root when reading, checking and removing', async () => {
    expect(() => storage.read('../secret')).toThrow();
    expect(() => storage.absolutePath('/etc/passwd')).toThrow();
    expect(() => storage.absolutePath('company1/../../x')).toThrow();
    expect(() => storage.absolutePath('')).toThrow();
    await expect(storage.exists('../../etc/passwd')).rejects.toThrow();
    await expect(storage.remove('company1/../..')).rejects.toThrow();
  });

  it('reports a writable root as healthy', async () => {
    expect(await storage.health()).toEqual({ status: 'ok', implementation: 'local-disk' });
    await storage.save({ companyId: 1, folder: '', fileName: 'file.txt', data: Buffer.from('x') });
    const blocked = new DiskMediaStorage({ root: path.join(root, 'company1', 'file.txt', 'media') });
    expect((await blocked.health()).status).toBe('error');
  });
});
