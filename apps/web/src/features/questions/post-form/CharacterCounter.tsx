import {
  charactersLeft,
  charCount,
  parseTagNames,
  TAG_NAME_MAX,
  TAGS_COUNTER_FROM,
  TAGS_MAX,
  tagsCounterText,
} from '@app/validators';
import { useDebouncedValue } from '../../../shared/components/markdown/useDebouncedValue';

export interface CharacterCounterProps {
  /** Linked from the field with aria-describedby. */
  id: string;
  value: string;
  max: number;
  /** The counter shows from this many characters on (near the limit). */
  from: number;
}

/**
 * 'N characters left' under a field once its text nears the limit, 'N characters too many' past it.
 * Screen readers hear it through the field's description, and once typing pauses near the limit.
 */
export function CharacterCounter({ id, value, max, from }: CharacterCounterProps) {
  const count = charCount(value.trim());
  const shown = count >= from;
  const text = charactersLeft(count, max);
  const spoken = useDebouncedValue(shown ? text : '', 1000);
  const tone = count > max ? ' is-over' : max - count <= max * 0.1 ? ' is-near' : '';
  return (
    <>
      <p id={id} className={`char-counter${tone}`} hidden={!shown}>
        {shown ? text : ''}
      </p>
      <span className="visually-hidden" role="status">
        {spoken}
      </span>
    </>
  );
}

/** The Tags field's counter: 'N of 5 tags' near the limit, or which tag is too long. */
export function TagsCounter({ id, value }: { id: string; value: string }) {
  const names = parseTagNames(value);
  const tooLong = names.find((name) => charCount(name) > TAG_NAME_MAX) ?? null;
  const shown = tooLong !== null || names.length >= TAGS_COUNTER_FROM;
  const text = shown ? tagsCounterText(names, tooLong) : '';
  const spoken = useDebouncedValue(text, 1000);
  const over = tooLong !== null || names.length > TAGS_MAX;
  return (
    <>
      <p id={id} className={`char-counter${over ? ' is-over' : ''}`} hidden={!shown}>
        {text}
      </p>
      <span className="visually-hidden" role="status">
        {spoken}
      </span>
    </>
  );
}
