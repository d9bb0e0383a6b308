/** What the lazily loaded CodeMirror editor takes (kept apart so CodeEditor can import it eagerly). */
export interface CodeMirrorEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** The id of the element naming the editor. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
}
