// Drafts of the post forms, kept in this browser's localStorage per user (and per question for an
// answer): the forms' hook (features/questions/post-form/useDraft.ts) writes them, and the owner's
// profile lists them.

/** Drafts older than this are not offered again. */
const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const PREFIX = 'fso:draft:v1:';

/** Where a form's draft is kept: one per user, and for answers one per question. */
export const draftKeys = {
  question: (username: string) => `${PREFIX}${username}:question`,
  answer: (username: string, qid: number) => `${PREFIX}${username}:answer:${qid}`,
};

export type Fields = Record<string, string>;

interface StoredDraft {
  savedAt: number;
  values: Fields;
}

// Private windows and full storage throw: a draft is a convenience, never a reason to fail.
/** The draft kept under `key`, with the form's fields only; null when none, too old, blank or unreadable. */
export function readDraft<T extends Fields>(key: string, empty: T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (!stored || typeof stored.savedAt !== 'number' || typeof stored.values !== 'object')
      return null;
    if (Date.now() - stored.savedAt > DRAFT_MAX_AGE_MS) {
      window.localStorage.removeItem(key);
      return null;
    }
    const values = { ...empty };
    for (const field of Object.keys(empty) as (keyof T)[]) {
      const value = (stored.values as Partial<Fields> | null)?.[field as string];
      if (typeof value === 'string') values[field] = value as T[keyof T];
    }
    return hasText(values) ? values : null;
  } catch {
    return null;
  }
}

/** Keeps the values (forgets them when blank); false when the browser would not keep them. */
export function writeDraft(key: string, values: Fields): boolean {
  try {
    if (hasText(values)) {
      const stored: StoredDraft = { savedAt: Date.now(), values };
      window.localStorage.setItem(key, JSON.stringify(stored));
    } else {
      window.localStorage.removeItem(key);
    }
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}

/** A draft this browser keeps for the user: a question, or an answer to a question. */
export type KeptDraft =
  | { kind: 'question'; savedAt: number; title: string }
  | { kind: 'answer'; savedAt: number; qid: number };

/** The user's drafts kept in this browser (the profile lists them for its owner), newest first. */
export function listDrafts(username: string): KeptDraft[] {
  const drafts: KeptDraft[] = [];
  try {
    const own = `${PREFIX}${username}:`;
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (!key?.startsWith(own)) continue;
      const rest = key.slice(own.length);
      if (rest === 'question') {
        const values = readDraft(key, { title: '', text: '', tags: '' });
        if (values) drafts.push({ kind: 'question', savedAt: savedAt(key), title: values.title });
      } else if (rest.startsWith('answer:')) {
        const qid = Number(rest.slice('answer:'.length));
        if (Number.isSafeInteger(qid) && qid > 0 && readDraft(key, { text: '' }))
          drafts.push({ kind: 'answer', savedAt: savedAt(key), qid });
      }
    }
  } catch {
    return drafts;
  }
  return drafts.sort((a, b) => b.savedAt - a.savedAt);
}

function savedAt(key: string): number {
  const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Partial<StoredDraft>;
  return typeof stored.savedAt === 'number' ? stored.savedAt : 0;
}

/** Whether any field has something other than spaces in it. */
export const hasText = (values: Fields): boolean =>
  Object.values(values).some((value) => value.trim() !== '');
