import { useEffect, useRef, type FocusEvent } from 'react';

/**
 * Runs `show` now, or, while a mouse button or finger is down, once it is released: a message shown
 * on blur moves what is below it, and moving the control under a press in progress loses the click.
 */
function useAfterPress() {
  const pressed = useRef(false);
  useEffect(() => {
    const down = () => {
      pressed.current = true;
    };
    const up = () => {
      pressed.current = false;
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);
  return (show: () => void) => {
    if (!pressed.current) return show();
    const release = () => {
      document.removeEventListener('pointerup', release);
      document.removeEventListener('pointercancel', release);
      // After the click that follows the release.
      window.setTimeout(show, 0);
    };
    document.addEventListener('pointerup', release);
    document.addEventListener('pointercancel', release);
  };
}

/**
 * Every form's rule for when a field's error shows: after a submit (the form's own) or once the user
 * has left the field, never before. Put the returned handler on the form's onBlur and mark each field
 * data-field="name" (an input, or a group such as a radio list: moving inside it is not leaving it);
 * `onLeave` then gets the name of each field the focus leaves.
 */
export function useFieldVisits(onLeave: (field: string) => void) {
  const afterPress = useAfterPress();
  return (event: FocusEvent<HTMLElement>) => {
    const group = (event.target as Element).closest<HTMLElement>('[data-field]');
    const field = group?.dataset.field;
    if (!group || !field) return;
    if (event.relatedTarget instanceof Node && group.contains(event.relatedTarget)) return;
    afterPress(() => onLeave(field));
  };
}
