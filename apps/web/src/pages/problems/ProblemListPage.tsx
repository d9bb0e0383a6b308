import {
  PROBLEM_SEARCH_MAX,
  PROBLEM_SORTS,
  problemMessages,
  problemSortLabels,
  type ProblemSort,
} from '@app/validators';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Button,
  ButtonLink,
  EmptyState,
  LoadingState,
  PageHeader,
  TextField,
} from '../../components';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLiveProblems } from '../../hooks/useLiveProblems';
import { useNow } from '../../hooks/useNow';
import { useProblemList } from '../../hooks/useProblemList';
import { prefixedError } from '../../lib/errors';
import {
  clearSort,
  emptyListMessage,
  problemListHref,
  problemListItems,
  problemListViewFromParams,
  withSort,
  type ProblemListView,
} from '../../lib/problemList';
import { countLabel } from '../../lib/questionCache';
import { ProblemCard } from './ProblemCard';

/** The search box: Enter sets ?search= (keeping the sort), or removes it when the box is empty. */
function SearchBox({ view }: { view: ProblemListView }) {
  const navigate = useNavigate();
  const [text, setText] = useState(view.search ?? '');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = text.trim();
    void navigate(
      problemListHref({
        sort: view.sort,
        direction: view.direction,
        ...(search ? { search } : {}),
      }),
    );
  };
  return (
    <form role="search" className="problem-search" onSubmit={onSubmit}>
      <TextField
        label="Search problems"
        hideLabel
        type="search"
        placeholder="Search problems ..."
        enterKeyHint="search"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={PROBLEM_SEARCH_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}

/** Upvotes / Downvotes / Date: the active one shows its direction and flips it when clicked again. */
function SortButtons({
  view,
  onSort,
}: {
  view: ProblemListView;
  onSort: (sort: ProblemSort) => void;
}) {
  return (
    <div className="order-buttons" role="group" aria-label="Sort">
      {PROBLEM_SORTS.map((sort) => {
        const active = view.sort === sort;
        return (
          <button
            key={sort}
            type="button"
            className="order-buttons__button"
            aria-pressed={active}
            onClick={() => onSort(sort)}
          >
            {problemSortLabels[sort]}
            {active && (
              <>
                <span aria-hidden="true" className="order-buttons__arrow">
                  {view.direction === 'desc' ? ' ↓' : ' ↑'}
                </span>
                <span className="visually-hidden">
                  {view.direction === 'desc' ? ', descending' : ', ascending'}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

/**
 * Problem list (/problems, SPEC §2): sort by Upvotes / Downvotes / Date (the active one toggles,
 * a new one starts descending), Clear Sort, search, Refresh List, Add Problem, cards, paged 20 at a
 * time. Sort and search live in the URL; new problems and votes arrive live.
 */
export default function ProblemListPage() {
  useDocumentTitle('Problems');
  const [params] = useSearchParams();
  const view = problemListViewFromParams(params);
  const navigate = useNavigate();
  const now = useNow();
  useLiveProblems();

  // 'Problem added!' handed over by the create screen, shown once.
  const location = useLocation();
  const [notice] = useState(() => (location.state as { notice?: unknown } | null)?.notice);
  useEffect(() => {
    if ((location.state as { notice?: unknown } | null)?.notice)
      void navigate({ search: location.search }, { replace: true, state: null });
  }, [location.state, location.search, navigate]);

  const list = useProblemList(view);
  const items = problemListItems(list.data);
  const total = list.data?.pages[0]?.total;
  const go = (next: ProblemListView) => void navigate(problemListHref(next));
  const refreshing = list.isRefetching && !list.isFetchingNextPage;

  return (
    <div className="page problems-page">
      <PageHeader
        title="Problems"
        subtitle={total !== undefined ? countLabel(total, 'problem') : null}
        actions={
          <>
            <Button variant="secondary" busy={refreshing} onClick={() => void list.refetch()}>
              Refresh List
            </Button>
            <ButtonLink to="/problems/create">Add Problem</ButtonLink>
          </>
        }
      />
      {typeof notice === 'string' && <Alert tone="success">{notice}</Alert>}
      <div className="questions-toolbar">
        <SearchBox key={view.search ?? ''} view={view} />
        <div className="problems-page__sorts">
          <SortButtons view={view} onSort={(sort) => go(withSort(view, sort))} />
          {view.sort && (
            <Button variant="ghost" size="sm" onClick={() => go(clearSort(view))}>
              Clear Sort
            </Button>
          )}
        </div>
      </div>
      {list.isPending ? (
        <LoadingState label="Loading problems..." />
      ) : !list.data ? (
        <Alert>{prefixedError(problemMessages.fetchProblemsFailed, list.error)}</Alert>
      ) : items.length === 0 ? (
        <EmptyState title={emptyListMessage(view, problemMessages)} />
      ) : (
        <>
          <ul className="question-list problem-list" aria-label="Problems">
            {items.map((problem) => (
              <li key={problem.id}>
                <ProblemCard problem={problem} now={now} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <LoadMoreButton
              loading={list.isFetchingNextPage}
              onLoadMore={() => {
                if (!list.isFetchingNextPage) void list.fetchNextPage();
              }}
            />
          )}
          {list.isError && (
            <Alert>{prefixedError(problemMessages.fetchProblemsFailed, list.error)}</Alert>
          )}
        </>
      )}
    </div>
  );
}
