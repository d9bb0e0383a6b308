import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert, Avatar, TextField } from '../../shared/components';
import { errorMessage } from '../../shared/lib/errors';
import { trpc } from '../../trpc';

export interface UserPickerProps {
  /** The group's name, e.g. 'Choose a user to chat with'. */
  legend: string;
  /** The search box's accessible name (each picker on a page has its own). */
  searchLabel: string;
  selected: string | null;
  onSelect: (username: string) => void;
  /** Users who cannot be picked (the viewer, people already in the chat). */
  exclude: readonly string[];
  /** Why the choice is refused (e.g. 'Please select a user to chat with'). */
  error?: string | null;
}

const SHOWN_MAX = 8;
const SEARCH_DELAY_MS = 200;

/**
 * Picks one user: a search box (user.list with the filter: case-sensitive, part of the name) over a
 * short list of radio buttons, and the choice spelt out ('Selected user: bob').
 */
export function UserPicker({
  legend,
  searchLabel,
  selected,
  onSelect,
  exclude,
  error,
}: UserPickerProps) {
  const name = useId();
  const errorId = useId();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setFilter(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const users = trpc.user.list.useQuery({ filter }, { placeholderData: keepPreviousData });
  const candidates = (users.data ?? []).filter((u) => !exclude.includes(u.username));
  const shown = candidates.slice(0, SHOWN_MAX);

  return (
    <fieldset
      className={`user-picker stacked-fieldset${error ? ' user-picker--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="user-picker__legend">{legend}</legend>
      <TextField
        label={searchLabel}
        hideLabel
        type="search"
        placeholder="Search users ..."
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {users.isPending ? (
        <p className="user-picker__note">Loading users...</p>
      ) : users.isError ? (
        <Alert>{errorMessage(users.error, 'Error fetching users')}</Alert>
      ) : shown.length === 0 ? (
        <p className="user-picker__note">No Users Found</p>
      ) : (
        <ul className="user-picker__list tile-grid">
          {shown.map((user) => (
            <li key={user.username}>
              <label className="user-picker__option">
                <input
                  type="radio"
                  name={name}
                  value={user.username}
                  checked={selected === user.username}
                  onChange={() => onSelect(user.username)}
                />
                <Avatar username={user.username} />
                <span className="user-picker__name">{user.username}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {candidates.length > shown.length && (
        <p className="user-picker__note">
          {candidates.length - shown.length} more: type more of the name to find them.
        </p>
      )}
      <p className="user-picker__selected">
        {selected ? (
          <>
            Selected user: <strong>{selected}</strong>
          </>
        ) : (
          'No user selected'
        )}
      </p>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
