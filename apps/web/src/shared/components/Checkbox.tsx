import { useId, type ComponentProps } from 'react';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Visible label; also the accessible name. */
  label: string;
}

/** A checkbox with its label beside it (the whole row is clickable). */
export function Checkbox({ label, id, className, ...input }: CheckboxProps) {
  const autoId = useId();
  const boxId = id ?? autoId;
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input {...input} type="checkbox" id={boxId} className="checkbox__input" />
      <label htmlFor={boxId} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
