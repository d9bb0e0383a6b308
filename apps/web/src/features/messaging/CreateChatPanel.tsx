import { CreateChatInput, formError, messagingMessages } from '@app/validators';
import { useUserContext } from '../../shared/session/context';
import { useMessagingCache } from './cache';
import { trpc } from '../../trpc';
import { UserPickerForm } from './UserPickerForm';

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
  return (
    <UserPickerForm
      id={id}
      className="card create-chat"
      legend="Choose a user to chat with"
      searchLabel="Search users to chat with"
      exclude={[me]}
      submitLabel={messagingMessages.createChat}
      busy={create.isPending}
      check={(username) => formError(CreateChatInput, { username })}
      send={async (username) => {
        const { chat, event: created } = await create.mutateAsync({ username });
        if (created) applyChat(created);
        // An existing chat the list does not hold yet (e.g. not loaded): the list asks again.
        if (!utils.chat.list.getData()?.some((c) => c.id === chat.id))
          void utils.chat.list.invalidate();
        onOpen(chat.id);
      }}
      failurePrefix="Error while creating the chat"
    />
  );
}
