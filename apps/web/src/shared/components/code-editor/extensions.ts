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
import { EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';

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

/**
 * The editor's JavaScript setup. `withHistory: false` leaves undo/redo to the caller (the shared
 * editor uses Yjs's undo manager, which undoes only the local user's changes).
 */
export function baseExtensions(readOnly: boolean, { withHistory = true } = {}): Extension[] {
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
    ...(withHistory ? [history(), keymap.of(historyKeymap)] : []),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    // Tab indents; Escape then Tab leaves the editor (CodeMirror's own way out for keyboard users).
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, indentWithTab]),
  ];
}
