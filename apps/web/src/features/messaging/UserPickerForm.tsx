import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, type ButtonProps } from '../../shared/components';
import { prefixedError } from '../../shared/lib/errors';
import { UserPicker } from './UserPicker';

export interface UserPickerFormProps {
  id: string;
  className: string;
  /** The picker's group name and its search box's accessible name. */
  legend: string;
  searchLabel: string;
  /** Users who cannot be picked. */
  exclude: readonly string[];
  submitLabel: ReactNode;
  submitSize?: ButtonProps['size'];
  busy: boolean;
  /** The schema's word on the choice ('' when none is picked), or null when it may be sent. */
  check: (username: string) => string | null;
  /** Sends the chosen user; a refusal is shown after `failurePrefix`. */
  send: (username: string) => Promise<void>;
  failurePrefix: string;
}

/** A form that picks one user and sends the choice: starting a chat, adding someone to one. */
export function UserPickerForm({
  id,
  className,
  legend,
  searchLabel,
  exclude,
  submitLabel,
  submitSize,
  busy,
  check,
  send,
  failurePrefix,
}: UserPickerFormProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const username = selected ?? '';
    const problem = check(username);
    setPickError(problem);
    if (problem) return;
    try {
      await send(username);
    } catch (err) {
      setServerError(prefixedError(failurePrefix, err));
    }
  };

  return (
    <form id={id} className={className} onSubmit={(e) => void onSubmit(e)} noValidate>
      <UserPicker
        legend={legend}
        searchLabel={searchLabel}
        selected={selected}
        onSelect={(username) => {
          setSelected(username);
          setPickError(null);
        }}
        exclude={exclude}
        error={pickError}
      />
      <div className="button-row">
        <Button type="submit" size={submitSize} busy={busy}>
          {submitLabel}
        </Button>
      </div>
      {serverError && <Alert>{serverError}</Alert>}
    </form>
  );
}
