import { AddParticipantInput, formError } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Alert, Button } from '../../components';
import { useMessagingCache } from '../../hooks/useMessagingCache';
import { prefixedError } from '../../lib/errors';
import { trpc } from '../../trpc';
import { UserPicker } from './UserPicker';

export interface AddParticipantFormProps {
  id: string;
  chatId: number;
  participants: readonly string[];
  onAdded: () => void;
}

/** Adds someone to an open chat: they see the chat and its history from then on. */
export function AddParticipantForm({ id, chatId, participants, onAdded }: AddParticipantFormProps) {
  const { applyChat } = useMessagingCache();
  const add = trpc.chat.addParticipant.useMutation();
  const [selected, setSelected] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = { chatId, username: selected ?? '' };
    const problem = formError(AddParticipantInput, input);
    if (problem) {
      setPickError(problem);
      return;
    }
    setPickError(null);
    try {
      applyChat((await add.mutateAsync(input)).event);
      onAdded();
    } catch (err) {
      setServerError(prefixedError('Error while adding the participant', err));
    }
  };

  return (
    <form id={id} className="add-participant" onSubmit={(e) => void onSubmit(e)} noValidate>
      <UserPicker
        legend="Choose a user to add to this chat"
        searchLabel="Search users to add"
        selected={selected}
        onSelect={(username) => {
          setSelected(username);
          setPickError(null);
        }}
        exclude={participants}
        error={pickError}
      />
      <div className="button-row">
        <Button type="submit" size="sm" busy={add.isPending}>
          Add
        </Button>
      </div>
      {serverError && <Alert>{serverError}</Alert>}
    </form>
  );
}
