import { TEXT_COUNTER_WITHIN, TEXT_MAX } from '@app/validators';
import { useId } from 'react';
import { TextAreaField } from '../../../shared/components/TextField';
import { CharacterCounter } from './CharacterCounter';

export interface CountedTextAreaProps {
  label: string;
  hint?: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  /** The field's name for useFieldVisits (its error shows once the user leaves it). */
  field?: string;
}

/** A post's mandatory text (question or answer) with the characters-left counter near TEXT_MAX. */
export function CountedTextArea({
  label,
  hint,
  value,
  error,
  onChange,
  autoFocus,
  field,
}: CountedTextAreaProps) {
  const counterId = useId();
  return (
    <div className="counted-field" data-field={field}>
      <TextAreaField
        label={label}
        required
        hint={hint}
        rows={8}
        className="input--code"
        value={value}
        error={error}
        aria-describedby={counterId}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
      <CharacterCounter
        id={counterId}
        value={value}
        max={TEXT_MAX}
        from={TEXT_MAX - TEXT_COUNTER_WITHIN}
      />
    </div>
  );
}
