import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { baseExtensions } from './extensions';
import type { CodeMirrorEditorProps } from './types';

/** Marks the changes this component makes from its `value` prop, so they are not reported back. */
const fromProps = Annotation.define<boolean>();

function contentAttributes(props: CodeMirrorEditorProps): Record<string, string> {
  const attributes: Record<string, string> = { 'aria-labelledby': props.labelledBy };
  if (props.describedBy) attributes['aria-describedby'] = props.describedBy;
  if (props.invalid) attributes['aria-invalid'] = 'true';
  if (props.required) attributes['aria-required'] = 'true';
  if (props.readOnly) attributes['aria-readonly'] = 'true';
  return attributes;
}

/**
 * CodeMirror 6 for JavaScript: line numbers, highlighting, bracket matching and closing, history and
 * the default keymap. Controlled from outside like an input: `value` in, `onChange` out. Loaded
 * lazily (CodeEditor), so only the screens with code pay for it.
 */
export default function CodeMirrorEditor(props: CodeMirrorEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  const attributes = useRef(new Compartment());
  useEffect(() => {
    latest.current = props;
  });

  // One editor for the component's life; what it is made of follows the first props.
  const { readOnly = false } = props;
  useEffect(() => {
    if (!host.current) return;
    const initial = latest.current;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial.value,
        extensions: [
          baseExtensions(readOnly),
          attributes.current.of(EditorView.contentAttributes.of(contentAttributes(initial))),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            if (update.transactions.every((tr) => tr.annotation(fromProps))) return;
            latest.current.onChange?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [readOnly]);

  // A new value from outside (a reset, a loaded problem) replaces the text.
  const { value } = props;
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: fromProps.of(true),
    });
  }, [value]);

  const { labelledBy, describedBy, invalid, required } = props;
  useEffect(() => {
    view.current?.dispatch({
      effects: attributes.current.reconfigure(
        EditorView.contentAttributes.of(
          contentAttributes({ value: '', labelledBy, describedBy, invalid, required, readOnly }),
        ),
      ),
    });
  }, [labelledBy, describedBy, invalid, required, readOnly]);

  return <div ref={host} className="code-editor__host" />;
}
