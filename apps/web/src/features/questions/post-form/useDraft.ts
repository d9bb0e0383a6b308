import { useCallback, useEffect, useRef, useState } from 'react';

/** Drafts older than this are not offered again. */
const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const PREFIX = 'fso:draft:v1:';

/** Where a form's draft is kept: one per user, and for answers one per question. */
export const draftKeys = {
  question: (username: string) => `${PREFIX}${username}:question`,
  answer: (username: string, qid: number) => `${PREFIX}${username}:answer:${qid}`,
};

type Fields = Record<string, string>;

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

function removeDraft(key: string): void {
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

export interface Draft<T extends Fields> {
  values: T;
  setValues: (update: (old: T) => T) => void;
  /** The form started from a draft kept earlier (reload, accidental navigation). */
  restored: boolean;
  /** The current text is kept in this browser. */
  saved: boolean;
  /** Forgets the draft (after posting): nothing is kept again until the user types. */
  clear: () => void;
  /** Empties the form and forgets the draft. */
  discard: () => void;
}

/**
 * A form's fields kept in localStorage as the user types, so an accidental reload or navigation
 * loses nothing; the next visit starts from them. Posting clears the draft.
 */
export function useDraft<T extends Fields>(key: string, empty: T): Draft<T> {
  const [initial] = useState(() => readDraft(key, empty));
  const [values, setValuesState] = useState<T>(initial ?? empty);
  const [restored, setRestored] = useState(initial !== null);
  const [saved, setSaved] = useState(initial !== null);
  const emptyRef = useRef(empty);
  // Set by clear(): the values still on screen were posted, so they are not kept again.
  const cleared = useRef(false);
  const edited = useRef(false);

  useEffect(() => {
    if (cleared.current || !edited.current) return;
    setSaved(writeDraft(key, values) && hasText(values));
  }, [key, values]);

  const setValues = useCallback((update: (old: T) => T) => {
    cleared.current = false;
    edited.current = true;
    setRestored(false);
    setValuesState(update);
  }, []);

  const clear = useCallback(() => {
    cleared.current = true;
    removeDraft(key);
    setSaved(false);
  }, [key]);

  const discard = useCallback(() => {
    removeDraft(key);
    edited.current = false;
    setValuesState(emptyRef.current);
    setRestored(false);
    setSaved(false);
  }, [key]);

  return { values, setValues, restored, saved, clear, discard };
}
