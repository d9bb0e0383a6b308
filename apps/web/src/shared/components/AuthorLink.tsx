import { Link } from 'react-router-dom';

/** A username that opens the user's profile (/user/{username}), as a real link. */
export function AuthorLink({ username }: { username: string }) {
  return (
    <Link to={`/user/${encodeURIComponent(username)}`} className="author">
      {username}
    </Link>
  );
}
