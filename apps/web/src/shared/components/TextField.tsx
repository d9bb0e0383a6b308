import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldChrome {
  /** Visible label text; also the accessible name (getByLabel). */
  label: string;
  /** Hide the label visually but keep it for screen readers (e.g. search boxes). */
  hideLabel?: boolean;
  /** Helper text under the label, linked with aria-describedby. */
  hint?: ReactNode;
  /** Error text for this field; marks it aria-invalid and announces it. */
  error?: string | null;
  /** Appends ' *' to the label for mandatory fields. */
  required?: boolean;
  /** Marks the field invalid without a text of its own (when the form shows one message for all). */
  invalid?: boolean;
}

/** Shared wrapper: label, hint, control, error. */
function Field({
  id,
  label,
  hideLabel,
  hint,
  error,
  required,
  invalid,
  children,
}: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error || invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(
  id: string,
  hint: unknown,
  error: unknown,
  extra?: string,
): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', extra ?? ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The id, class and ARIA wiring every field's control gets: one rule for inputs and textareas. */
function controlProps(
  id: string,
  chrome: Pick<FieldChrome, 'hint' | 'error' | 'required' | 'invalid'>,
  classes: (string | undefined)[],
  extraDescribedBy?: string,
) {
  return {
    id,
    className: ['input', ...classes].filter(Boolean).join(' '),
    'aria-invalid': chrome.error || chrome.invalid ? true : undefined,
    'aria-required': chrome.required || undefined,
    'aria-describedby': describedBy(id, chrome.hint, chrome.error, extraDescribedBy),
  };
}

export type TextFieldProps = FieldChrome & Omit<ComponentProps<'input'>, 'required'>;

/** A labelled single-line input with optional hint and error. */
export function TextField({
  label,
  hideLabel,
  hint,
  error,
  required,
  invalid,
  id,
  className,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const chrome = { label, hideLabel, hint, error, required, invalid };
  return (
    <Field id={fieldId} {...chrome}>
      <input
        {...input}
        {...controlProps(fieldId, chrome, [className], input['aria-describedby'])}
      />
    </Field>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<ComponentProps<'textarea'>, 'required'>;

/** A labelled multi-line input with optional hint and error. */
export function TextAreaField({
  label,
  hideLabel,
  hint,
  error,
  required,
  invalid,
  id,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const chrome = { label, hideLabel, hint, error, required, invalid };
  return (
    <Field id={fieldId} {...chrome}>
      <textarea
        rows={5}
        {...textarea}
        {...controlProps(
          fieldId,
          chrome,
          ['input--multiline', className],
          textarea['aria-describedby'],
        )}
      />
    </Field>
  );
}
