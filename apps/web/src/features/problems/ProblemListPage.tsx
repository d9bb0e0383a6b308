import {
  difficultyLabels,
  PROBLEM_DIFFICULTIES,
  PROBLEM_SEARCH_MAX,
  PROBLEM_SORTS,
  problemMessages,
  problemSortLabels,
} from '@app/validators';
import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, ButtonLink, PageHeader } from '../../shared/components';
import { ListSearchBox } from '../../shared/components/ListSearchBox';
import { NextPageButton } from '../../shared/components/LoadMoreButton';
import { SortButtons } from '../../shared/components/SortButtons';
import { useHandedOverMessage } from '../../shared/hooks/useHandedOverMessage';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveProblems } from './live';
import { useNow } from '../../shared/hooks/useNow';
import { useProblemList } from './useProblemList';
import { prefixedError } from '../../shared/lib/errors';
import {
  clearSort,
  emptyListMessage,
  problemListHref,
  problemListViewFromParams,
  withSort,
  type ProblemListView,
} from './problemList';
import { listItems } from '../../shared/lib/pagedList';
import { countLabel } from '../../shared/lib/countLabel';
import { ProblemCard } from './ProblemCard';
import { ProblemsLoaded } from './ProblemsLoaded';
import { useSolvedMarks } from './useSolvedMarks';

const SORTS = PROBLEM_SORTS.map((sort) => ({ sort, label: problemSortLabels[sort] }));

/**
 * Problem list (/problems, SPEC §2): sort by Upvotes / Downvotes / Date (the active one toggles,
 * a new one starts descending), Clear Sort, search, Refresh List, Add Problem, cards, paged 20 at a
 * time. Sort and search live in the URL; new problems and votes arrive live. Issue 24: the
 * difficulty and topic filters live in the URL too, and the signed-in viewer's Solved marks are
 * read apart from the list (which is the same for everyone).
 */
export default function ProblemListPage() {
  useDocumentTitle('Problems');
  const [params] = useSearchParams();
  const view = problemListViewFromParams(params);
  const navigate = useNavigate();
  useLiveProblems();

  // 'Problem added!' handed over by the create screen, shown once.
  const notice = useHandedOverMessage('notice');

  const list = useProblemList(view);
  const items = listItems(list.data);
  const solved = useSolvedMarks(items.map((item) => item.id));
  const difficultyId = useId();
  const now = useNow(undefined, list.data);
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
      {notice && <Alert tone="success">{notice}</Alert>}
      <div className="questions-toolbar">
        {/* Enter sets ?search= (keeping the sort), or removes it when the box is empty. */}
        <ListSearchBox
          key={view.search ?? ''}
          className="problem-search"
          label="Search problems"
          placeholder="Search problems ..."
          maxLength={PROBLEM_SEARCH_MAX}
          initial={view.search}
          onSearch={(search) => {
            const { search: _old, ...rest } = view;
            go({ ...rest, ...(search ? { search } : {}) });
          }}
        />
        <div className="problems-page__filters">
          <label htmlFor={difficultyId} className="problems-page__filter-label">
            Difficulty
          </label>
          <select
            id={difficultyId}
            className="input problems-page__difficulty"
            value={view.difficulty ?? ''}
            onChange={(e) => {
              const { difficulty: _old, ...rest } = view;
              const value = PROBLEM_DIFFICULTIES.find((level) => level === e.target.value);
              go({ ...rest, ...(value ? { difficulty: value } : {}) });
            }}
          >
            <option value="">All</option>
            {PROBLEM_DIFFICULTIES.map((level) => (
              <option key={level} value={level}>
                {difficultyLabels[level]}
              </option>
            ))}
          </select>
          {view.topic && (
            <span className="problems-page__topic">
              {problemMessages.filteredByTopic(view.topic)}{' '}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  const { topic: _old, ...rest } = view;
                  go(rest);
                }}
              >
                Clear topic
              </Button>
            </span>
          )}
        </div>
        <div className="problems-page__sorts">
          <SortButtons
            sorts={SORTS}
            active={view.sort}
            direction={view.direction}
            onSort={(sort) => go(withSort(view, sort))}
            label="Sort"
          />
          {view.sort && (
            <Button variant="ghost" size="sm" onClick={() => go(clearSort(view))}>
              Clear Sort
            </Button>
          )}
        </div>
      </div>
      <ProblemsLoaded
        list={list}
        count={items.length}
        emptyTitle={emptyListMessage(view, problemMessages)}
      >
        <ul className="question-list problem-list" aria-label="Problems">
          {items.map((problem) => (
            <li key={problem.id}>
              <ProblemCard problem={problem} now={now} solved={solved.has(problem.id)} />
            </li>
          ))}
        </ul>
        <NextPageButton list={list} />
        {list.isError && (
          <Alert>{prefixedError(problemMessages.fetchProblemsFailed, list.error)}</Alert>
        )}
      </ProblemsLoaded>
    </div>
  );
}
