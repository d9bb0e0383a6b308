import { formatRelativeTime } from '@app/validators';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, LoadingState } from '../../components';
import { CommentsSection } from '../../components/CommentsSection';
import { RichText } from '../../components/RichText';
import { TagList } from '../../components/TagButton';
import { VoteBox } from '../../components/VoteBox';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLiveQuestion } from '../../hooks/useLiveQuestion';
import { useNow } from '../../hooks/useNow';
import { useApplyQuestionEvent } from '../../hooks/useQuestionCache';
import { errorCode, prefixedError } from '../../lib/errors';
import { countLabel, parseQid } from '../../lib/questionCache';
import { trpc } from '../../trpc';
import { AskQuestionButton } from './AskQuestionButton';

/** A username that opens the user's profile. */
function Author({ username }: { username: string }) {
  return (
    <Link to={`/user/${encodeURIComponent(username)}`} className="author">
      {username}
    </Link>
  );
}

/**
 * Question detail (/question/:qid, SPEC §2): votes, title, views, text with links, tags, author and time,
 * comments; then the answers with theirs, and Answer Question. A missing or unknown id goes to /home.
 */
export default function QuestionPage() {
  const qid = parseQid(useParams().qid);
  if (qid === null) return <Navigate to="/home" replace />;
  // A new id is a new page: fresh subscription, fresh view.
  return <QuestionView key={qid} qid={qid} />;
}

function QuestionView({ qid }: { qid: number }) {
  const navigate = useNavigate();
  const now = useNow();
  const apply = useApplyQuestionEvent();
  useLiveQuestion(qid);
  const question = trpc.question.byId.useQuery({ qid });
  useDocumentTitle(question.data?.title ?? 'Question');

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
  const onVote = async (direction: 'up' | 'down') => {
    setVoteError(null);
    try {
      apply((await vote.mutateAsync({ qid, vote: direction })).event);
    } catch (err) {
      setVoteError(prefixedError('Error while voting', err));
    }
  };

  const code = question.isError ? errorCode(question.error) : null;
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <Navigate to="/home" replace />;
  if (question.isPending) return <LoadingState label="Loading question..." />;
  if (!question.data) {
    return (
      <div className="page">
        <Alert>{prefixedError('Error when fetching the question', question.error)}</Alert>
      </div>
    );
  }

  const data = question.data;
  return (
    <div className="page question-page">
      <header className="question-page__header">
        <h1 className="question-page__title">{data.title}</h1>
        <AskQuestionButton />
      </header>
      <p className="question-page__facts">
        <span>{countLabel(data.viewCount, 'view')}</span>
        <span>active {formatRelativeTime(data.lastActivityAt, now)}</span>
      </p>

      <article className="post">
        <VoteBox
          score={data.voteScore}
          myVote={data.myVote}
          busy={vote.isPending}
          onVote={(direction) => void onVote(direction)}
        />
        <div className="post__body">
          <RichText text={data.text} className="post__text" />
          <TagList tags={data.tags} />
          <p className="post__byline">
            <Author username={data.askedBy} />{' '}
            <span className="post__time">asked {formatRelativeTime(data.askDateTime, now)}</span>
          </p>
          {voteError && <Alert>{voteError}</Alert>}
          <CommentsSection
            parent={{ type: 'question', id: qid }}
            comments={data.comments}
            now={now}
          />
        </div>
      </article>

      <section className="answers">
        <h2 className="answers__title">{countLabel(data.answers.length, 'answer')}</h2>
        {data.answers.length > 0 && (
          <ol className="answers__list">
            {data.answers.map((answer) => (
              <li key={answer.id} className="post post--answer">
                <div className="post__body">
                  <RichText text={answer.text} className="post__text" />
                  <p className="post__byline">
                    <Author username={answer.ansBy} />{' '}
                    <span className="post__time">
                      answered {formatRelativeTime(answer.ansDateTime, now)}
                    </span>
                  </p>
                  <CommentsSection
                    parent={{ type: 'answer', id: answer.id }}
                    comments={answer.comments}
                    now={now}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="answers__footer">
          <Button onClick={() => void navigate(`/new/answer/${qid}`)}>Answer Question</Button>
        </div>
      </section>
    </div>
  );
}
