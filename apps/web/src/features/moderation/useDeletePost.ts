import { trpc } from '../../trpc';
import type { QueueItem } from './itemLink';

/**
 * Deletes a flagged question, answer or comment through the posts' own procedures
 * (question.delete, answer.delete, comment.delete), which also settle the item's flags and write
 * the audit row.
 */
export function useDeletePost() {
  const question = trpc.question.delete.useMutation();
  const answer = trpc.answer.delete.useMutation();
  const comment = trpc.comment.delete.useMutation();
  return {
    isPending: question.isPending || answer.isPending || comment.isPending,
    mutateAsync: (item: QueueItem) => {
      if (item.kind === 'question') return question.mutateAsync({ qid: item.id });
      if (item.kind === 'answer') return answer.mutateAsync({ answerId: item.id });
      return comment.mutateAsync({ commentId: item.id });
    },
  };
}
