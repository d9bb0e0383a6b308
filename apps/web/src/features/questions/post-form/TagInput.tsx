import { DEFAULT_TAG_DESCRIPTION, postFormMessages, tagQuestionCount } from '@app/validators';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { insertTag, suggestTags, tokenAt } from './tagSuggestions';
import { trpc } from '../../../trpc';
import { TextField } from '../../../shared/components/TextField';

export interface TagInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Ids of more text that describes the field (a counter). */
  describedBy?: string;
}

/**
 * SPEC §2's Tags field (keywords separated by whitespace) as a combobox: while a word is typed,
 * existing tags starting with it (then containing it) are listed with their question counts, most used
 * first. Arrows choose, Enter or a click adds the tag; Escape closes the list. The list sits in the
 * page's flow, so it never covers the form's buttons.
 */
export function TagInput({ value, onChange, error, describedBy }: TagInputProps) {
  const listId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const tags = trpc.tag.list.useQuery(undefined, { staleTime: 60_000 });
  // The caret while the user is typing in the field; null when the list is closed.
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(-1);
  const [pendingCaret, setPendingCaret] = useState<number | null>(null);

  const token = caret === null ? null : tokenAt(value, caret);
  const others = token
    ? `${value.slice(0, token.start)} ${value.slice(token.end)}`.split(/\s+/).filter(Boolean)
    : [];
  const suggestions = token ? suggestTags(tags.data ?? [], token.text, others) : [];
  const open = suggestions.length > 0;
  const activeIndex = active < suggestions.length ? active : -1;

  // After a tag is added, the caret goes after it (the new value renders first).
  useLayoutEffect(() => {
    if (pendingCaret === null || !input.current) return;
    input.current.setSelectionRange(pendingCaret, pendingCaret);
    setPendingCaret(null);
  }, [pendingCaret]);

  // A press elsewhere blurs the field before the press ends: closing the list then would move what
  // was pressed (the list is in the flow) and lose the click, so the list closes once the press ends.
  const pressing = useRef(false);
  useEffect(() => {
    const down = () => {
      pressing.current = true;
    };
    const up = () => {
      pressing.current = false;
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, []);

  const close = () => {
    setCaret(null);
    setActive(-1);
  };

  const onBlur = () => {
    if (!pressing.current) {
      close();
      return;
    }
    const later = () => {
      window.removeEventListener('pointerup', later);
      window.removeEventListener('pointercancel', later);
      setTimeout(close, 0);
    };
    window.addEventListener('pointerup', later);
    window.addEventListener('pointercancel', later);
  };

  const pick = (name: string) => {
    if (!token) return;
    const next = insertTag(value, token, name);
    onChange(next.value);
    setCaret(next.caret);
    setPendingCaret(next.caret);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) {
      if (event.key === 'ArrowDown' && caret === null) {
        setCaret(event.currentTarget.selectionStart ?? value.length);
        event.preventDefault();
      }
      return;
    }
    const count = suggestions.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      const chosen = suggestions[activeIndex];
      if (chosen) pick(chosen.name);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const followCaret = () => {
    const at = input.current?.selectionStart;
    if (caret !== null && typeof at === 'number' && at !== caret) {
      setCaret(at);
      setActive(-1);
    }
  };

  return (
    <div className="tag-input">
      <TextField
        ref={input}
        label="Tags"
        required
        hint="Add keywords separated by whitespace"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        value={value}
        error={error}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        aria-describedby={[helpId, describedBy].filter(Boolean).join(' ')}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={followCaret}
        onClick={followCaret}
        onBlur={onBlur}
      />
      <span id={helpId} className="visually-hidden">
        {postFormMessages.tagSuggestionsHelp}
      </span>
      <ul
        id={listId}
        role="listbox"
        aria-label={postFormMessages.tagSuggestions}
        className="tag-suggestions"
        hidden={!open}
      >
        {suggestions.map((tag, index) => (
          <li
            key={tag.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="tag-suggestions__option"
            // Keep the focus (and the caret) in the field.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(tag.name)}
          >
            <span className="tag-suggestions__name">{tag.name}</span>
            <span className="tag-suggestions__count">{tagQuestionCount(tag.qcnt)}</span>
            {tag.description !== DEFAULT_TAG_DESCRIPTION && (
              <span className="tag-suggestions__description">{tag.description}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
