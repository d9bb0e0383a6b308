import { lazy, Suspense, useId, useRef, type ReactNode } from 'react';

// CodeMirror is a chunk of its own, fetched the first time a screen shows code.
const CodeMirrorEditor = lazy(() => import('./code-editor/CodeMirrorEditor'));

/** Starts fetching the editor before it is needed (e.g. when a pointer nears a button that shows it). */
export const preloadCodeEditor = (): void => {
  void import('./code-editor/CodeMirrorEditor');
};

export interface CodeEditorProps {
  /** Visible label; also the editor's accessible name. */
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange?: (value: string) => void;
  /** Shown, not edited. */
  readOnly?: boolean;
  hint?: ReactNode;
  /** Error text under the editor; marks it invalid. */
  error?: string | null;
  /** Marks the editor invalid without a text of its own (the form shows one message). */
  invalid?: boolean;
  required?: boolean;
}

/**
 * A labelled JavaScript code editor (CodeMirror 6, loaded on first use). Until the editor arrives the
 * code shows as plain preformatted text in the same frame.
 */
export function CodeEditor({
  label,
  hideLabel = false,
  value,
  onChange,
  readOnly = false,
  hint,
  error,
  invalid = false,
  required = false,
}: CodeEditorProps) {
  const id = useId();
  const frame = useRef<HTMLDivElement>(null);
  const labelId = `${id}-label`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const focusEditor = () => frame.current?.querySelector<HTMLElement>('.cm-content')?.focus();
  return (
    <div className={`field code-field${error || invalid ? ' field--invalid' : ''}`}>
      <span
        id={labelId}
        className={hideLabel ? 'visually-hidden' : 'field__label'}
        onClick={readOnly ? undefined : focusEditor}
      >
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div
        ref={frame}
        className={`code-editor${readOnly ? ' code-editor--readonly' : ''}${error || invalid ? ' code-editor--invalid' : ''}`}
      >
        <Suspense
          fallback={
            <pre className="code-editor__fallback" aria-busy="true">
              {value}
            </pre>
          }
        >
          <CodeMirrorEditor
            value={value}
            onChange={onChange}
            readOnly={readOnly}
            labelledBy={labelId}
            describedBy={describedBy || undefined}
            invalid={Boolean(error) || invalid}
            required={required}
          />
        </Suspense>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
