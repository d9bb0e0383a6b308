import { returnedRow, questions, questionTags } from '@app/db';
import type { CreateQuestionInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyMentions } from '../notifications/notify';
import type { QuestionSummary } from './shapes';
import { findOrCreateTags } from './tags';

/** Asks a question as the signed-in viewer, now; tags are found or created in the same transaction. */
export function createQuestion(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateQuestionInput,
): Promise<{ question: QuestionSummary; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const tags = await findOrCreateTags(tx, input.tags);
    const { id } = await returnedRow(
      tx
        .insert(questions)
        .values({
          title: input.title,
          text: input.text,
          askedBy: viewer.id,
          askDateTime: now,
          lastActivityAt: now,
        })
        .returning({ id: questions.id }),
    );
    await tx
      .insert(questionTags)
      .values(tags.map((tag, position) => ({ questionId: id, tagId: tag.id, position })));
    const question: QuestionSummary = {
      id,
      title: input.title,
      tags,
      askedBy: viewer.username,
      askDateTime: now,
      lastActivityAt: now,
      lastActivityKind: 'asked',
      answerCount: 0,
      viewCount: 0,
      upVoteCount: 0,
      downVoteCount: 0,
      voteScore: 0,
      hasAcceptedAnswer: false,
    };
    const event = publish('question', id, { type: 'created', qid: id, question });
    await notifyMentions({ tx, now, publish }, viewer, { qid: id }, input.text);
    return { question, event };
  });
}
