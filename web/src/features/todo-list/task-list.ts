/** A to-do item: kept only in this browser, under the `tasks` key (spec 3 §3); no call reaches the server. */
export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

export const TASKS_KEY = 'tasks';

function isTask(value: unknown): value is Task {
  const task = value as Partial<Task> | null;
  return typeof task?.text === 'string' && typeof task.createdAt === 'string' && typeof task.updatedAt === 'string';
}

/** The stored list; anything unreadable there (another app's value, a hand edit) reads as no tasks rather than a crash. */
export function readTasks(storage: Pick<Storage, 'getItem'> = localStorage): Task[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(TASKS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isTask) : [];
  } catch {
    return [];
  }
}

export function writeTasks(tasks: Task[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(TASKS_KEY, JSON.stringify(tasks));
}

/** A new task at the end; a blank text (after trimming) adds nothing (spec 3 §8). */
export function addTask(tasks: Task[], text: string, now = new Date()): Task[] {
  const trimmed = text.trim();
  if (!trimmed) return tasks;
  const at = now.toISOString();
  return [...tasks, { text: trimmed, createdAt: at, updatedAt: at }];
}

/** The task's new text with a new updatedAt, its createdAt kept; a blank text changes nothing. */
export function editTask(tasks: Task[], index: number, text: string, now = new Date()): Task[] {
  const trimmed = text.trim();
  if (!trimmed || !tasks[index]) return tasks;
  return tasks.map((task, at) => (at === index ? { ...task, text: trimmed, updatedAt: now.toISOString() } : task));
}

export function removeTask(tasks: Task[], index: number): Task[] {
  return tasks.filter((_, at) => at !== index);
}
