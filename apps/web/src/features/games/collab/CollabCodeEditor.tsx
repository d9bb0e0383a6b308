import { lazy, Suspense, useId } from 'react';
import type { CollabEditorProps, CollabPeer } from '../../../shared/components/code-editor/types';

// CodeMirror and Yjs load together, the first time a CollabCode room opens.
const CollabEditor = lazy(() => import('./CollabEditor'));

export type { CollabPeer };

export interface CollabCodeEditorProps extends Omit<
  CollabEditorProps,
  'labelledBy' | 'describedBy'
> {
  label: string;
  hint?: string;
}

/** A labelled shared code editor (CodeMirror 6 + Yjs, loaded on first use). */
export function CollabCodeEditor({ label, hint, ...editor }: CollabCodeEditorProps) {
  const id = useId();
  return (
    <div className="field code-field">
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className={`code-editor${editor.canEdit ? '' : ' code-editor--readonly'}`}>
        <Suspense
          fallback={
            <p className="code-editor__fallback" aria-busy="true">
              Loading the editor...
            </p>
          }
        >
          <CollabEditor
            {...editor}
            labelledBy={`${id}-label`}
            describedBy={hint ? `${id}-hint` : undefined}
          />
        </Suspense>
      </div>
    </div>
  );
}
