export interface SortButtonsProps<S extends string> {
  /** The sorts in their order, with their button texts. */
  sorts: readonly { sort: S; label: string }[];
  /** The sort in use (null: none chosen) and its direction. */
  active: S | null;
  direction: 'asc' | 'desc';
  onSort: (sort: S) => void;
  /** The group's accessible name. */
  label: string;
}

/** Sort toggles: the active one shows its direction (seen and heard); clicking it again flips it. */
export function SortButtons<S extends string>({
  sorts,
  active,
  direction,
  onSort,
  label,
}: SortButtonsProps<S>) {
  return (
    <div className="order-buttons" role="group" aria-label={label}>
      {sorts.map(({ sort, label: text }) => {
        const pressed = active === sort;
        return (
          <button
            key={sort}
            type="button"
            className="order-buttons__button"
            aria-pressed={pressed}
            onClick={() => onSort(sort)}
          >
            {text}
            {pressed && (
              <>
                <span aria-hidden="true" className="order-buttons__arrow">
                  {direction === 'desc' ? ' ↓' : ' ↑'}
                </span>
                <span className="visually-hidden">
                  {direction === 'desc' ? ', descending' : ', ascending'}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
