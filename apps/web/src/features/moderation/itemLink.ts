import type { RouterOutputs } from '@app/api';
import { answerAnchor, commentAnchor } from '../../shared/lib/postAnchors';

export type QueueItem = RouterOutputs['moderation']['queue']['items'][number];
export type ItemLocation = QueueItem['location'];

/** Where an item is shown in the app, or null (a direct chat: only its participants may open it). */
export function itemHref(kind: QueueItem['kind'], location: ItemLocation): string | null {
  if (location.qid !== undefined) {
    const anchor =
      kind === 'comment' && location.commentId !== undefined
        ? `#${commentAnchor(location.commentId)}`
        : kind === 'answer' && location.answerId !== undefined
          ? `#${answerAnchor(location.answerId)}`
          : '';
    return `/question/${location.qid}${anchor}`;
  }
  if (location.problemId !== undefined) return `/problem/${location.problemId}`;
  if (kind === 'global_message') return '/messaging';
  return null;
}

export const KIND_LABELS: Record<QueueItem['kind'], string> = {
  question: 'Question',
  answer: 'Answer',
  comment: 'Comment',
  global_message: 'Global chat message',
  chat_message: 'Direct message',
  problem: 'Problem',
};
