import { useRef, type PointerEvent } from 'react';
import { clampSplit, splitAfterKey, SPLIT_MAX, SPLIT_MIN } from './workspace';

export interface SplitDividerProps {
  /** The left pane's share of the width, in percent. */
  value: number;
  onChange: (value: number) => void;
  /** The id of the pane it resizes (aria-controls). */
  controls: string;
}

/**
 * The workspace's draggable divider: a focusable separator (WAI-ARIA window splitter) that the arrows,
 * Home and End move too.
 */
export function SplitDivider({ value, onChange, controls }: SplitDividerProps) {
  const dragging = useRef(false);
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const box = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    onChange(clampSplit(((event.clientX - box.left) / box.width) * 100));
  };
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label="Resize the description and the editor"
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      className="workspace__divider"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={move}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      onKeyDown={(event) => {
        const next = splitAfterKey(value, event.key);
        if (next === null) return;
        event.preventDefault();
        onChange(next);
      }}
    />
  );
}
