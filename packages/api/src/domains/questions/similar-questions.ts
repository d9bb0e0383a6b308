import { dialect, questions } from '@app/db';
import { SIMILAR_QUESTIONS_MAX, similarityWords, voteScore } from '@app/validators';
import { and, inArray } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { isShown } from './visibility';

/** A question suggested while asking: enough to recognise it and see whether it was answered. */
export interface SimilarQuestion {
  id: number;
  title: string;
  answerCount: number;
  voteScore: number;
  hasAcceptedAnswer: boolean;
}

/**
 * Up to five questions whose title or text shares the title's telling words, the best matches first
 * (full-text rank), shown while someone asks, before they post a duplicate. Removed questions are
 * never suggested. A few more are ranked than shown, as a removed one may be among them.
 */
export async function similarQuestions({ db }: ApiDeps, title: string): Promise<SimilarQuestion[]> {
  const words = similarityWords(title);
  if (words.length === 0) return [];
  const ranked = await dialect.rows<{ id: number }>(
    db,
    dialect.rankedAnyWordIds(words, SIMILAR_QUESTIONS_MAX * 2),
  );
  const order = ranked.map((row) => Number(row.id));
  if (order.length === 0) return [];
  const rows = await db
    .select({
      id: questions.id,
      title: questions.title,
      answerCount: questions.answerCount,
      upVoteCount: questions.upVoteCount,
      downVoteCount: questions.downVoteCount,
      acceptedAnswerId: questions.acceptedAnswerId,
    })
    .from(questions)
    .where(and(inArray(questions.id, order), isShown(questions)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return order
    .map((id) => byId.get(id))
    .filter((row) => row !== undefined)
    .slice(0, SIMILAR_QUESTIONS_MAX)
    .map((row) => ({
      id: row.id,
      title: row.title,
      answerCount: row.answerCount,
      voteScore: voteScore(row.upVoteCount, row.downVoteCount),
      hasAcceptedAnswer: row.acceptedAnswerId !== null,
    }));
}
