import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a refused submit, moves the focus to the form's first field marked invalid (once the errors
 * have rendered), so the user lands on what to fix and hears its message.
 */
export function useFocusFirstError(): {
  formRef: RefObject<HTMLFormElement | null>;
  focusFirstError: () => void;
} {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  const focusFirstError = useCallback(() => setAttempt((n) => n + 1), []);
  return { formRef, focusFirstError };
}
