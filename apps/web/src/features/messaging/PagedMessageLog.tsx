import { Alert } from '../../shared/components';
import { prefixedError } from '../../shared/lib/errors';
import { hasOlderMessages, type MessageHistory } from './messageCache';
import { MessageLog, type MessageLogProps } from './MessageLog';

/** What the log needs of a conversation's paged history query (global chat or a direct chat). */
export interface PagedHistory {
  data: MessageHistory | undefined;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

type PagedMessageLogProps = Pick<
  MessageLogProps,
  'label' | 'messages' | 'me' | 'now' | 'flagKind'
> & {
  history: PagedHistory;
};

/** A conversation's log over its history query: older pages on demand, a failure to load them said. */
export function PagedMessageLog({ history, ...log }: PagedMessageLogProps) {
  return (
    <>
      <MessageLog
        {...log}
        hasOlder={hasOlderMessages(history.data)}
        loadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => {
          if (!history.isFetchingNextPage) void history.fetchNextPage();
        }}
        emptyText="No messages yet. Say hello!"
      />
      {history.isFetchNextPageError && (
        <Alert>{prefixedError('Error while fetching older messages', history.error)}</Alert>
      )}
    </>
  );
}
