import { CreateChatInput, formError, messagingMessages } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { useUserContext } from '../../auth/context';
import { Alert, Button } from '../../components';
import { useMessagingCache } from '../../hooks/useMessagingCache';
import { prefixedError } from '../../lib/errors';
import { trpc } from '../../trpc';
import { UserPicker } from './UserPicker';

export interface CreateChatPanelProps {
  id: string;
  /** The chat to open: the new one, or the one-to-one chat the viewer already had with that user. */
  onOpen: (chatId: number) => void;
}

/** The 'Start a Chat' panel: a user picker and Create New Chat. */
export function CreateChatPanel({ id, onOpen }: CreateChatPanelProps) {
  const me = useUserContext().user.username;
  const utils = trpc.useUtils();
  const { applyChat } = useMessagingCache();
  const create = trpc.chat.create.useMutation();
  const [selected, setSelected] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = { username: selected ?? '' };
    const problem = formError(CreateChatInput, input);
    if (problem) {
      setPickError(problem);
      return;
    }
    setPickError(null);
    try {
      const { chat, event: created } = await create.mutateAsync(input);
      if (created) applyChat(created);
      // An existing chat the list does not hold yet (e.g. not loaded): the list asks again.
      if (!utils.chat.list.getData()?.some((c) => c.id === chat.id))
        void utils.chat.list.invalidate();
      onOpen(chat.id);
    } catch (err) {
      setServerError(prefixedError('Error while creating the chat', err));
    }
  };

  return (
    <form id={id} className="card create-chat" onSubmit={(e) => void onSubmit(e)} noValidate>
      <UserPicker
        legend="Choose a user to chat with"
        searchLabel="Search users to chat with"
        selected={selected}
        onSelect={(username) => {
          setSelected(username);
          setPickError(null);
        }}
        exclude={[me]}
        error={pickError}
      />
      <div className="button-row">
        <Button type="submit" busy={create.isPending}>
          {messagingMessages.createChat}
        </Button>
      </div>
      {serverError && <Alert>{serverError}</Alert>}
    </form>
  );
}
