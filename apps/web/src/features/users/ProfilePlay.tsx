import { Alert, LoadingState, RelativeTime } from '../../shared/components';
import { Link } from 'react-router-dom';
import { useNow } from '../../shared/hooks/useNow';
import { errorMessage } from '../../shared/lib/errors';
import { trpc } from '../../trpc';

/**
 * A profile's play (issue 24): games played, won and lost, the last games with their opponents
 * and results, and the problems solved (distinct problems with a submission).
 */
export function ProfilePlay({ username }: { username: string }) {
  const stats = trpc.game.playStats.useQuery({ username });
  const now = useNow();
  if (stats.isPending) return <LoadingState label="Loading games..." />;
  if (!stats.data) return <Alert>{errorMessage(stats.error)}</Alert>;
  const { played, won, lost, recent, problemsSolved } = stats.data;
  return (
    <section className="profile-play" aria-labelledby="profile-play-title">
      <h2 id="profile-play-title" className="section-title">
        Play
      </h2>
      <dl className="profile-play__counts">
        <div>
          <dt>Games played</dt>
          <dd>{played}</dd>
        </div>
        <div>
          <dt>Won</dt>
          <dd>{won}</dd>
        </div>
        <div>
          <dt>Lost</dt>
          <dd>{lost}</dd>
        </div>
        <div>
          <dt>Problems solved</dt>
          <dd>{problemsSolved}</dd>
        </div>
      </dl>
      <h3 className="profile-play__recent-title">Last games</h3>
      {recent.length === 0 ? (
        <p className="profile-play__none">No finished games yet.</p>
      ) : (
        <ul className="profile-play__recent">
          {recent.map((game) => (
            <li key={game.id}>
              <Link to={`/games/${game.id}`}>{game.title}</Link> ({game.gameType}){' '}
              {game.opponents.length > 0 ? `against ${game.opponents.join(', ')}` : 'alone'}:{' '}
              <strong className={`profile-play__result profile-play__result--${game.result}`}>
                {game.result === 'won' ? 'Won' : 'Lost'}
              </strong>{' '}
              <RelativeTime date={game.playedAt} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
