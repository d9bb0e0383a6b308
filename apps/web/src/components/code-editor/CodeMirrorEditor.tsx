import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import type { CodeMirrorEditorProps } from './types';

// Colours with at least 4.5:1 against the editor's white and its active-line tint (WCAG AA); the
// default style's red for invalid code and light greys do not reach it.
const highlightStyle = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.moduleKeyword, tags.operatorKeyword],
    color: '#8a1a9b',
  },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: '#a31515' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#116644' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment],
    color: '#5c646c',
    fontStyle: 'italic',
  },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.definition(tags.variableName))],
    color: '#0a5aa3',
  },
  {
    tag: [tags.definition(tags.variableName), tags.definition(tags.propertyName)],
    color: '#1c4f86',
  },
  { tag: tags.propertyName, color: '#1c4f86' },
  { tag: tags.invalid, color: '#b3261e' },
]);

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

function baseExtensions(readOnly: boolean): Extension[] {
  const common: Extension[] = [
    lineNumbers(),
    javascript(),
    syntaxHighlighting(highlightStyle),
    EditorState.tabSize.of(2),
    indentUnit.of('  '),
  ];
  if (readOnly) {
    // Shown, not edited: wrapped lines, so the code never needs a scrollbar a keyboard cannot reach.
    return [
      ...common,
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.lineWrapping,
    ];
  }
  return [
    ...common,
    highlightActiveLineGutter(),
    highlightActiveLine(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    // Tab indents; Escape then Tab leaves the editor (CodeMirror's own way out for keyboard users).
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
  ];
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
