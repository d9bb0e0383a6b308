import { problemMessages, type ProblemSort } from '@app/validators';
import { useId, useState } from 'react';
import { NextPageButton } from '../../shared/components/LoadMoreButton';
import { SortButtons } from '../../shared/components/SortButtons';
import { useProblemList } from './useProblemList';
import { withSort, type ProblemListView } from './problemList';
import { listItems } from '../../shared/lib/pagedList';
import { countLabel } from '../../shared/lib/countLabel';
import { ProblemsLoaded } from './ProblemsLoaded';

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
  const items = listItems(list.data);
  return (
    <fieldset
      className={`problem-picker field${error ? ' field--invalid' : ''}`}
      data-field="problemId"
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
        <SortButtons
          sorts={PICKER_SORTS}
          active={view.sort}
          direction={view.direction}
          onSort={(sort) => setView((old) => withSort(old, sort))}
          label="Sort problems"
        />
      </div>
      <ProblemsLoaded list={list} count={items.length} emptyTitle={problemMessages.noProblems}>
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
      </ProblemsLoaded>
      <NextPageButton list={list} />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
