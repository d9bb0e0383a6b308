import { AddParticipantInput, formError } from '@app/validators';
import { useMessagingCache } from './cache';
import { trpc } from '../../trpc';
import { UserPickerForm } from './UserPickerForm';

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
  return (
    <UserPickerForm
      id={id}
      className="add-participant"
      legend="Choose a user to add to this chat"
      searchLabel="Search users to add"
      exclude={participants}
      submitLabel="Add"
      submitSize="sm"
      busy={add.isPending}
      check={(username) => formError(AddParticipantInput, { chatId, username })}
      send={async (username) => {
        applyChat((await add.mutateAsync({ chatId, username })).event);
        onAdded();
      }}
      failurePrefix="Error while adding the participant"
    />
  );
}
