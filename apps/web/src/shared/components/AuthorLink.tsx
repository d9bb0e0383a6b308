import { Link } from 'react-router-dom';
import { ReputationScore, useKnownReputation } from './Reputation';

/**
 * A username that opens the user's profile (/user/{username}), as a real link, followed by their
 * reputation when the page knows it (ReputationsContext).
 */
export function AuthorLink({ username }: { username: string }) {
  const reputation = useKnownReputation(username);
  const link = (
    <Link to={`/user/${encodeURIComponent(username)}`} className="author">
      {username}
    </Link>
  );
  if (reputation === undefined) return link;
  return (
    <span className="author-with-reputation">
      {link} <ReputationScore value={reputation} />
    </span>
  );
}
