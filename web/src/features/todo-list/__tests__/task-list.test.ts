import { describe, expect, it } from '@jest/globals';
import { addTask, editTask, readTasks, removeTask, TASKS_KEY, writeTasks, type Task } from '../task-list';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('to-do list', () => {
  const created = new Date('2026-11-02T10:00:00Z');
  const later = new Date('2026-11-02T11:30:00Z');

  it('adds a trimmed task with both times set, and ignores a blank one', () => {
    const tasks = addTask([], '  Ligar para a Ana  ', created);
    expect(tasks).toEqual([{ text: 'Ligar para a Ana', createdAt: created.toISOString(), updatedAt: created.toISOString() }]);
    expect(addTask(tasks, '   ', later)).toBe(tasks);
  });

  it('edits the text and updatedAt, keeping createdAt; a blank edit changes nothing', () => {
    const tasks = addTask(addTask([], 'Primeira', created), 'Segunda', created);
    const edited = editTask(tasks, 1, 'Segunda revista', later);
    expect(edited[1]).toEqual({ text: 'Segunda revista', createdAt: created.toISOString(), updatedAt: later.toISOString() });
    expect(edited[0]).toBe(tasks[0]);
    expect(editTask(edited, 1, ' ', later)).toBe(edited);
  });

  it('removes only the chosen task', () => {
    const tasks = addTask(addTask([], 'Primeira', created), 'Segunda', created);
    expect(removeTask(tasks, 0).map((task) => task.text)).toEqual(['Segunda']);
  });

  it('keeps the list under the tasks key and reads an unreadable value as empty', () => {
    const storage = memoryStorage();
    const tasks: Task[] = addTask([], 'Guardada', created);
    writeTasks(tasks, storage);
    expect(JSON.parse(storage.items.get(TASKS_KEY)!)).toEqual(tasks);
    expect(readTasks(storage)).toEqual(tasks);
    expect(readTasks(memoryStorage({ [TASKS_KEY]: '{not json' }))).toEqual([]);
    expect(readTasks(memoryStorage({ [TASKS_KEY]: '[{"text":1},{"text":"ok","createdAt":"a","updatedAt":"b"}]' }))).toEqual([
      { text: 'ok', createdAt: 'a', updatedAt: 'b' },
    ]);
  });
});
