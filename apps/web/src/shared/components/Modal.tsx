import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  /** The dialog's heading; also its accessible name. */
  title: string;
  /** Called on Escape, on a click outside the panel, and by the caller's Cancel button. */
  onClose: () => void;
  /** Body text or content; the first paragraph describes the dialog (aria-describedby). */
  children: ReactNode;
  /** Buttons at the bottom, e.g. Confirm and Cancel. */
  actions?: ReactNode;
  /** Selector of the element to focus first inside the dialog (default: the first button). */
  initialFocus?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal dialog: role="dialog", aria-modal, focus moved inside and trapped there,
 * Escape closes, and focus returns to what opened it. Render it only while open.
 */
export function Modal({ title, onClose, children, actions, initialFocus }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const closeRef = useRef(onClose);

  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const first =
      root?.querySelector<HTMLElement>(initialFocus ?? 'button:not([disabled])') ?? root;
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) {
        event.preventDefault();
        return;
      }
      if (
        event.shiftKey &&
        (document.activeElement === head || !root.contains(document.activeElement))
      ) {
        event.preventDefault();
        tail.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === tail || !root.contains(document.activeElement))
      ) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      <div
        ref={panel}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div id={bodyId} className="modal__body">
          {children}
        </div>
        {actions && <div className="modal__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
