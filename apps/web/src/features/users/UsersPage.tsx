import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Avatar,
  EmptyState,
  LoadingState,
  JoinedDate,
  PageHeader,
  ReputationScore,
  TextField,
} from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveUsers } from './live';
import { errorMessage } from '../../shared/lib/errors';
import { filterUsers, userCountLabel } from './userList';
import { trpc } from '../../trpc';

/** Users list (/users): live list of users, filtered by a case-sensitive username search (SPEC §2, §5). */
export default function UsersPage() {
  useDocumentTitle('Users');
  useLiveUsers();
  const users = trpc.user.list.useQuery();
  const [filter, setFilter] = useState('');
  const shown = filterUsers(users.data ?? [], filter);

  return (
    <div className="page">
      <PageHeader title="Users List" subtitle={users.data ? userCountLabel(shown.length) : null} />
      <div className="toolbar">
        <TextField
          label="Search Usernames"
          hideLabel
          type="search"
          placeholder="Search Usernames ..."
          autoCapitalize="none"
          spellCheck={false}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      {users.isPending ? (
        <LoadingState label="Loading users..." />
      ) : users.isError ? (
        <Alert>{errorMessage(users.error, 'Error fetching users')}</Alert>
      ) : shown.length === 0 ? (
        <EmptyState title="No Users Found" />
      ) : (
        <ul className="user-grid tile-grid" aria-label="Users">
          {shown.map((user) => (
            <li key={user.username}>
              <Link to={`/user/${encodeURIComponent(user.username)}`} className="user-card">
                <Avatar username={user.username} />
                <span className="user-card__text">
                  <span className="user-card__name">{user.username}</span>
                  <span className="user-card__meta">
                    <ReputationScore value={user.reputation} /> · joined{' '}
                    <JoinedDate date={user.dateJoined} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
