import { useState, type FormEvent } from 'react';
import { TextField } from './TextField';

export interface ListSearchBoxProps {
  /** The form's class (each list's CSS places its own box). */
  className: string;
  /** The field's accessible name, e.g. 'Search questions'. */
  label: string;
  placeholder: string;
  maxLength: number;
  /** The search the list shows now (the box starts with it). */
  initial: string | undefined;
  /** Called on Enter with the trimmed text ('' when the box is blank). */
  onSearch: (search: string) => void;
}

/** A list's search box: one field, Enter searches. */
export function ListSearchBox({
  className,
  label,
  placeholder,
  maxLength,
  initial,
  onSearch,
}: ListSearchBoxProps) {
  const [text, setText] = useState(initial ?? '');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={className} onSubmit={onSubmit}>
      <TextField
        label={label}
        hideLabel
        type="search"
        placeholder={placeholder}
        enterKeyHint="search"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={maxLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
