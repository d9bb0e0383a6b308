import { useCallback, useEffect, useRef, useState } from 'react';
import {
  hasText,
  readDraft,
  removeDraft,
  writeDraft,
  type Fields,
} from '../../../shared/lib/drafts';

export { draftKeys, hasText, readDraft, writeDraft } from '../../../shared/lib/drafts';

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
