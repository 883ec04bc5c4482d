// What the learner has passed at the lessons: kept in this browser (no account needed), and with
// the account once signed in (the server keeps a stage passed by an account; the stages passed
// before signing in are sent to it once).
import { api } from './api';
import { user } from './account';

const KEY = 'awe.lessons';

function local(): Record<string, number> {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (saved && typeof saved === 'object') {
      const out: Record<string, number> = {};
      for (const [id, stars] of Object.entries(saved)) if (typeof stars === 'number' && stars >= 1 && stars <= 3) out[id] = stars;
      return out;
    }
  } catch {
    // No storage, or a broken value: nothing passed here.
  }
  return {};
}

function save(stages: Record<string, number>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(stages));
  } catch {
    // No storage (private mode): the account's progress still holds.
  }
}

let server: Record<string, number> = {};

// Every stage passed, with its best stars: this browser's and the account's.
export function passed(): Record<string, number> {
  const all = { ...server };
  for (const [id, stars] of Object.entries(local())) all[id] = Math.max(all[id] ?? 0, stars);
  return all;
}

// A stage just passed (the server kept it already for an account).
export function pass(id: string, stars: number): void {
  const mine = local();
  mine[id] = Math.max(mine[id] ?? 0, stars);
  save(mine);
}

// Brings the account's progress, and gives it what this browser passed before signing in.
// Resolves to whether the progress is the account's.
export async function syncLessons(): Promise<boolean> {
  if (!user()) return false;
  try {
    const mine = local();
    const known = await api.lessonProgress();
    const missing = Object.fromEntries(Object.entries(mine).filter(([id, stars]) => (known.stages[id] ?? 0) < stars));
    const merged = Object.keys(missing).length ? await api.keepLessons(missing) : known;
    server = merged.stages;
    return merged.signed_in;
  } catch {
    // A stage the server no longer has, or the server away: this browser's progress alone.
    return false;
  }
}
