import { problemMessages, type ProblemSort } from '@app/validators';
import { useId, useState } from 'react';
import { Alert, EmptyState, LoadingState } from '../../components';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { useProblemList } from '../../hooks/useProblemList';
import { prefixedError } from '../../lib/errors';
import { problemListItems, withSort, type ProblemListView } from '../../lib/problemList';
import { countLabel } from '../../lib/questionCache';

const PICKER_SORTS: readonly { sort: ProblemSort; label: string }[] = [
  { sort: 'upvotes', label: 'Upvotes' },
  { sort: 'downvotes', label: 'Downvotes' },
];

export interface ProblemPickerProps {
  value: number | null;
  onChange: (problemId: number) => void;
  error?: string | null;
}

/**
 * SPEC Create CollabCode game: the problem to solve, one of a list sortable by upvotes or
 * downvotes (clicking the active sort flips its direction). A radio group: arrows move the choice.
 */
export function ProblemPicker({ value, onChange, error }: ProblemPickerProps) {
  const id = useId();
  const [view, setView] = useState<ProblemListView>({ sort: 'upvotes', direction: 'desc' });
  const list = useProblemList(view);
  const items = problemListItems(list.data);
  return (
    <fieldset
      className={`problem-picker field${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">
        Problem
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="problem-picker__bar">
        <span className="field__hint">The code starts from the problem’s function signature.</span>
        <div className="order-buttons" role="group" aria-label="Sort problems">
          {PICKER_SORTS.map(({ sort, label }) => {
            const active = view.sort === sort;
            return (
              <button
                key={sort}
                type="button"
                className="order-buttons__button"
                aria-pressed={active}
                onClick={() => setView((old) => withSort(old, sort))}
              >
                {label}
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
      </div>
      {list.isPending ? (
        <LoadingState label="Loading problems..." />
      ) : !list.data ? (
        <Alert>{prefixedError(problemMessages.fetchProblemsFailed, list.error)}</Alert>
      ) : items.length === 0 ? (
        <EmptyState title={problemMessages.noProblems} />
      ) : (
        <ul className="problem-picker__list">
          {items.map((problem) => (
            <li key={problem.id}>
              <label
                className={`problem-picker__option${value === problem.id ? ' problem-picker__option--selected' : ''}`}
              >
                <input
                  type="radio"
                  name={`${id}-problem`}
                  value={problem.id}
                  checked={value === problem.id}
                  onChange={() => onChange(problem.id)}
                />
                <span className="problem-picker__title">{problem.title}</span>
                <span className="problem-picker__votes">
                  <span>{countLabel(problem.upVoteCount, 'upvote')}</span>
                  <span>{countLabel(problem.downVoteCount, 'downvote')}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <LoadMoreButton
          loading={list.isFetchingNextPage}
          onLoadMore={() => {
            if (!list.isFetchingNextPage) void list.fetchNextPage();
          }}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
