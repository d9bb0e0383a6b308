import {
  ANSWER_ORDERS,
  answerMessages,
  answerOrderLabels,
  closeMessages,
  editMessages,
  questionMessages,
  sortAnswers,
} from '@app/validators';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { FlagButton } from '../../shared/moderation/FlagButton';
import { isModeratorUser, useUserContext } from '../../shared/session/context';
import {
  Alert,
  ButtonLink,
  LoadingState,
  RelativeTime,
  ReputationsContext,
} from '../../shared/components';
import { AuthorLink } from '../../shared/components/AuthorLink';
import { CommentsSection } from './CommentsSection';
import { answerAnchor } from '../../shared/lib/postAnchors';
import { useScrollToHash } from './useScrollToHash';
import { RichText } from '../../shared/components/RichText';
import { TagList } from './TagButton';
import { VoteBox } from '../../shared/components/VoteBox';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveQuestion } from './live';
import { useNow } from '../../shared/hooks/useNow';
import { useApplyQuestionEvent } from './cache';
import { errorCode, prefixedError } from '../../shared/lib/errors';
import { parseId } from '../../shared/lib/parseId';
import { countLabel } from '../../shared/lib/countLabel';
import { trpc } from '../../trpc';
import { AnswerVoteColumn } from './AnswerVoteColumn';
import { AskQuestionButton } from './AskQuestionButton';
import { PostEditLinks } from './PostEditLinks';
import { DeletePostButton, mayDeleteOrRestore, RemovalNotice } from './PostDeletion';
import { ClosureBanner, ClosureButton, mayVoteOnClosure } from './Closure';
import { useReputations } from '../users/reputations';
import type { RouterOutputs } from '../../trpc';

/** Everyone the page names as an author: the asker, the answerers and the commenters. */
const authorsOf = (page: RouterOutputs['question']['byId'] | undefined): string[] =>
  page
    ? [
        page.askedBy,
        ...page.comments.map((comment) => comment.commentBy),
        ...page.answers.flatMap((answer) => [
          answer.ansBy,
          ...answer.comments.map((comment) => comment.commentBy),
        ]),
      ]
    : [];

/**
 * Question detail (/question/:qid, SPEC §2): votes, title, views, text with links, tags, author and time,
 * comments; then the answers with theirs, and Answer Question. A missing or unknown id goes to /home.
 */
export default function QuestionPage() {
  const qid = parseId(useParams().qid);
  if (qid === null) return <MissingQuestion />;
  // A new id is a new page: fresh subscription, fresh view.
  return <QuestionView key={qid} qid={qid} />;
}

/** SPEC §2: a missing question goes to /home; the list then says that it does not exist. */
function MissingQuestion() {
  return <Navigate to="/home" replace state={{ error: questionMessages.questionDoesNotExist }} />;
}

function QuestionView({ qid }: { qid: number }) {
  const apply = useApplyQuestionEvent();
  useLiveQuestion(qid);
  const question = trpc.question.byId.useQuery({ qid });
  const reputations = useReputations(authorsOf(question.data));
  const now = useNow(undefined, question.data);
  useDocumentTitle(question.data?.title ?? 'Question');
  // A notification's link opens the page at its answer or comment (#answer-5, #comment-9).
  useScrollToHash(question.data);

  // Opening the page counts a view, once (the server counts each user once anyway).
  const view = trpc.question.view.useMutation();
  const viewed = useRef(false);
  const { mutate: recordView } = view;
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    recordView({ qid }, { onSuccess: ({ event }) => event && apply(event) });
  }, [qid, recordView, apply]);

  const vote = trpc.question.vote.useMutation();
  const [voteError, setVoteError] = useState<string | null>(null);
  const { user } = useUserContext();
  // ?answers=oldest lists answers by age; otherwise accepted first, then score, then oldest.
  const [params, setParams] = useSearchParams();
  const answerOrder = params.get('answers') === 'oldest' ? 'oldest' : 'votes';
  const [answerError, setAnswerError] = useState<{ id: number; message: string } | null>(null);
  const onVote = async (direction: 'up' | 'down') => {
    setVoteError(null);
    try {
      apply((await vote.mutateAsync({ qid, vote: direction })).event);
    } catch (err) {
      setVoteError(prefixedError('Error while voting', err));
    }
  };

  const code = question.isError ? errorCode(question.error) : null;
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <MissingQuestion />;
  if (question.isPending) return <LoadingState label="Loading question..." />;
  if (!question.data) {
    return (
      <div className="page">
        <Alert>{prefixedError('Error when fetching the question', question.error)}</Alert>
      </div>
    );
  }

  const data = question.data;
  const answers = sortAnswers(data.answers, data.acceptedAnswerId, answerOrder);
  const moderator = isModeratorUser(user);
  return (
    <ReputationsContext value={reputations}>
      <div className="page question-page">
        <header className="question-page__header">
          <h1 className="question-page__title">{data.title}</h1>
          <AskQuestionButton />
        </header>
        <p className="question-page__facts">
          <span>{countLabel(data.viewCount, 'view')}</span>
          <span>
            active <RelativeTime date={data.lastActivityAt} now={now} />
          </span>
        </p>

        <ClosureBanner closure={data.closure} />
        <RemovalNotice removal={data.removal} />
        <article className={`post${data.removal ? ' post--removed' : ''}`}>
          <VoteBox
            score={data.voteScore}
            myVote={data.myVote}
            busy={vote.isPending}
            onVote={(direction) => void onVote(direction)}
          />
          <div className="post__body">
            <RichText text={data.text} className="post__text" />
            <TagList tags={data.tags} />
            <PostEditLinks
              editPath={`/question/${qid}/edit`}
              revisionsPath={`/question/${qid}/revisions`}
              editLabel={editMessages.editQuestion}
              mayEdit={data.askedBy === user.username && !data.removal}
              editedAt={data.editedAt}
              now={now}
            >
              {mayDeleteOrRestore(data.askedBy === user.username, moderator, data.removal) && (
                <DeletePostButton
                  kind="question"
                  id={qid}
                  qid={qid}
                  deleted={data.removal?.deleted ?? false}
                />
              )}
              {!data.removal && mayVoteOnClosure(user) && (
                <ClosureButton qid={qid} closure={data.closure} myVote={data.myClosureVote} />
              )}
            </PostEditLinks>
            <p className="post__byline">
              <AuthorLink username={data.askedBy} />{' '}
              <span className="post__time">
                asked <RelativeTime date={data.askDateTime} now={now} />
              </span>{' '}
              <FlagButton kind="question" id={qid} author={data.askedBy} />
            </p>
            {voteError && <Alert>{voteError}</Alert>}
            <CommentsSection
              parent={{ type: 'question', id: qid }}
              comments={data.comments}
              qid={qid}
              acceptsComments={!data.removal}
              now={now}
            />
          </div>
        </article>

        <section className="answers">
          <div className="answers__header">
            <h2 className="answers__title">
              {countLabel(data.answers.filter((answer) => !answer.removal).length, 'answer')}
            </h2>
            {data.answers.length > 1 && (
              <div className="order-buttons" role="group" aria-label={answerMessages.sortAnswers}>
                {ANSWER_ORDERS.map((order) => (
                  <button
                    key={order}
                    type="button"
                    className="order-buttons__button"
                    aria-pressed={answerOrder === order}
                    onClick={() =>
                      setParams(order === 'oldest' ? { answers: order } : {}, { replace: true })
                    }
                  >
                    {answerOrderLabels[order]}
                  </button>
                ))}
              </div>
            )}
          </div>
          {answers.length > 0 && (
            <ol className="answers__list">
              {answers.map((answer) => (
                <li
                  key={answer.id}
                  id={answerAnchor(answer.id)}
                  className={`post post--answer${answer.id === data.acceptedAnswerId ? ' post--accepted' : ''}${answer.removal ? ' post--removed' : ''}`}
                >
                  <AnswerVoteColumn
                    answer={answer}
                    accepted={answer.id === data.acceptedAnswerId}
                    mayAccept={data.askedBy === user.username}
                    onError={(message) =>
                      setAnswerError(message ? { id: answer.id, message } : null)
                    }
                  />
                  <div className="post__body">
                    <RemovalNotice removal={answer.removal} />
                    {answer.id === data.acceptedAnswerId && (
                      <p className="post__accepted">{answerMessages.accepted}</p>
                    )}
                    <RichText text={answer.text} className="post__text" />
                    <PostEditLinks
                      editPath={`/question/${qid}/answer/${answer.id}/edit`}
                      revisionsPath={`/question/${qid}/answer/${answer.id}/revisions`}
                      editLabel={editMessages.editAnswer}
                      mayEdit={answer.ansBy === user.username && !answer.removal}
                      editedAt={answer.editedAt}
                      now={now}
                    >
                      {mayDeleteOrRestore(
                        answer.ansBy === user.username,
                        moderator,
                        answer.removal,
                      ) && (
                        <DeletePostButton
                          kind="answer"
                          id={answer.id}
                          qid={qid}
                          deleted={answer.removal?.deleted ?? false}
                        />
                      )}
                    </PostEditLinks>
                    <p className="post__byline">
                      <AuthorLink username={answer.ansBy} />{' '}
                      <span className="post__time">
                        answered <RelativeTime date={answer.ansDateTime} now={now} />
                      </span>{' '}
                      <FlagButton kind="answer" id={answer.id} author={answer.ansBy} />
                    </p>
                    {answerError?.id === answer.id && <Alert>{answerError.message}</Alert>}
                    <CommentsSection
                      parent={{ type: 'answer', id: answer.id }}
                      comments={answer.comments}
                      qid={qid}
                      acceptsComments={!answer.removal}
                      now={now}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
          <div className="answers__footer">
            {data.closure.closedAt ? (
              <p className="answers__closed">{closeMessages.closedNoAnswers}</p>
            ) : (
              <ButtonLink to={`/new/answer/${qid}`}>Answer Question</ButtonLink>
            )}
          </div>
        </section>
      </div>
    </ReputationsContext>
  );
}
