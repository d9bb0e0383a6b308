import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../trpc';
import type { QueueItem } from './itemLink';

interface Deleter {
  mutate(input: unknown): Promise<unknown>;
}
type PostRouters = Record<'question' | 'answer' | 'comment', { delete: Deleter }>;

/**
 * Deletes a flagged question, answer or comment through the posts' own procedures
 * (question.delete { qid }, answer.delete { answerId }, comment.delete { commentId }), which also
 * settle the item's flags and write the audit row. They belong to the posts' domain: the client is
 * reached by name so this page does not depend on their types.
 */
export function useDeletePost() {
  const client = trpc.useUtils().client as unknown as PostRouters;
  return useMutation({
    mutationFn: (item: QueueItem) => {
      if (item.kind === 'question') return client.question.delete.mutate({ qid: item.id });
      if (item.kind === 'answer') return client.answer.delete.mutate({ answerId: item.id });
      return client.comment.delete.mutate({ commentId: item.id });
    },
  });
}
