import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, EmptyState, LoadingState, RelativeTime } from '../../shared/components';
import { useNow } from '../../shared/hooks/useNow';
import { countLabel } from '../../shared/lib/countLabel';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { listDrafts } from '../../shared/lib/drafts';

/** One tab of a profile: its name in the URL (?tab=…), its label and what it shows. */
export interface ProfileTab {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * A profile's tabs (the person's work): one panel at a time, chosen in the URL so a tab can be
 * linked to; arrow keys move between tabs (the ARIA tabs pattern).
 */
export function ProfileTabs({ tabs }: { tabs: ProfileTab[] }) {
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  const chosen = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];
  if (!chosen) return null;
  const choose = (tab: ProfileTab) =>
    setParams(tab === tabs[0] ? {} : { tab: tab.id }, { replace: true });
  return (
    <section className="profile-tabs card">
      <div className="profile-tabs__list" role="tablist" aria-label="Activity">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            id={`${baseId}-${tab.id}`}
            type="button"
            role="tab"
            className="profile-tabs__tab"
            aria-selected={tab === chosen}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === chosen ? 0 : -1}
            onClick={() => choose(tab)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = tabs[(index + step + tabs.length) % tabs.length]!;
              choose(next);
              document.getElementById(`${baseId}-${next.id}`)?.focus();
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${chosen.id}`}
        className="profile-tabs__panel"
      >
        {chosen.panel}
      </div>
    </section>
  );
}

/** What a list shows on a post only its owner (and moderators) still see. */
function RemovedMark({ removal }: { removal?: { deleted: boolean } }) {
  if (!removal) return null;
  return <span className="profile-list__removed">{removal.deleted ? 'deleted' : 'hidden'}</span>;
}

function Score({ value }: { value: number }) {
  return (
    <span className="profile-list__score" title="Score">
      {value}
    </span>
  );
}

/** The user's questions, newest first, 20 at a time. */
export function ProfileQuestions({ username }: { username: string }) {
  const now = useNow();
  const pages = trpc.profile.questions.useInfiniteQuery(
    { username, limit: 20 },
    { getNextPageParam: (page) => page.nextCursor },
  );
  if (pages.isPending) return <LoadingState label="Loading questions..." />;
  if (pages.isError)
    return <Alert>{prefixedError('Error when fetching the questions', pages.error)}</Alert>;
  const items = pages.data.pages.flatMap((page) => page.items);
  const total = pages.data.pages[0]?.total ?? 0;
  if (items.length === 0) return <EmptyState title="No questions yet." />;
  return (
    <>
      <p className="profile-list__total">{countLabel(total, 'question')}</p>
      <ul className="profile-list">
        {items.map((question) => (
          <li key={question.id} className="profile-list__item">
            <Score value={question.voteScore} />
            <span
              className={`profile-list__answers${question.hasAcceptedAnswer ? ' profile-list__answers--accepted' : ''}`}
            >
              {countLabel(question.answerCount, 'answer')}
            </span>
            <Link to={`/question/${question.id}`} className="profile-list__title">
              {question.title}
            </Link>
            <RemovedMark removal={question.removal} />
            <RelativeTime date={question.askDateTime} now={now} />
          </li>
        ))}
      </ul>
      <MoreButton pages={pages} />
    </>
  );
}

/** The user's answers, newest first, each with its score and the accepted mark. */
export function ProfileAnswers({ username }: { username: string }) {
  const now = useNow();
  const pages = trpc.profile.answers.useInfiniteQuery(
    { username, limit: 20 },
    { getNextPageParam: (page) => page.nextCursor },
  );
  if (pages.isPending) return <LoadingState label="Loading answers..." />;
  if (pages.isError)
    return <Alert>{prefixedError('Error when fetching the answers', pages.error)}</Alert>;
  const items = pages.data.pages.flatMap((page) => page.items);
  const total = pages.data.pages[0]?.total ?? 0;
  if (items.length === 0) return <EmptyState title="No answers yet." />;
  return (
    <>
      <p className="profile-list__total">{countLabel(total, 'answer')}</p>
      <ul className="profile-list">
        {items.map((answer) => (
          <li key={answer.id} className="profile-list__item">
            <Score value={answer.voteScore} />
            <span className="profile-list__accepted">
              {answer.accepted ? <span aria-label="Accepted answer">✓ Accepted</span> : null}
            </span>
            <Link
              to={`/question/${answer.qid}#answer-${answer.id}`}
              className="profile-list__title"
            >
              {answer.questionTitle}
            </Link>
            <RemovedMark removal={answer.removal} />
            <RelativeTime date={answer.ansDateTime} now={now} />
          </li>
        ))}
      </ul>
      <MoreButton pages={pages} />
    </>
  );
}

function MoreButton({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading...' : 'Show more'}
    </button>
  );
}

/** The tags the user posts under most. */
export function ProfileTopTags({ username }: { username: string }) {
  const tags = trpc.profile.topTags.useQuery({ username });
  if (tags.isPending) return <LoadingState label="Loading tags..." />;
  if (tags.isError)
    return <Alert>{prefixedError('Error when fetching the tags', tags.error)}</Alert>;
  if (tags.data.length === 0) return <EmptyState title="No tags yet." />;
  return (
    <ul className="profile-tags">
      {tags.data.map((tag) => (
        <li key={tag.name} className="profile-tags__item">
          <Link to={`/home?tag=${encodeURIComponent(tag.name)}`} className="tag">
            {tag.name}
          </Link>
          <span className="profile-tags__counts">
            {countLabel(tag.questions, 'question')}, {countLabel(tag.answers, 'answer')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The owner's drafts kept in this browser, each opening its form where it was left. */
export function ProfileDrafts({ username }: { username: string }) {
  const now = useNow();
  const [drafts] = useState(() => listDrafts(username));
  if (drafts.length === 0) return <EmptyState title="No drafts in this browser." />;
  return (
    <ul className="profile-list">
      {drafts.map((draft) => (
        <li key={draft.kind === 'question' ? 'question' : draft.qid} className="profile-list__item">
          {draft.kind === 'question' ? (
            <Link to="/new/question" className="profile-list__title">
              {draft.title.trim() || 'Untitled question'}
            </Link>
          ) : (
            <Link to={`/new/answer/${draft.qid}`} className="profile-list__title">
              Answer to question {draft.qid}
            </Link>
          )}
          <span>
            saved <RelativeTime date={new Date(draft.savedAt)} now={now} />
          </span>
        </li>
      ))}
    </ul>
  );
}
