import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../shared/components';
import { joinState, playerCountLabel, statusText } from './gameLobby';
import type { GameSummary } from './gameTypes';

export interface LobbyGameItemProps {
  game: GameSummary;
  username: string;
  joining: boolean;
  onJoin: (game: GameSummary) => void;
}

/** One game in 'Available Games': title, type, status, players and Join (SPEC §4's join rules). */
export function LobbyGameItem({ game, username, joining, onJoin }: LobbyGameItemProps) {
  const join = joinState(game, username);
  const room = `/games/${game.id}`;
  return (
    <article className="game-item" aria-label={game.title}>
      <div className="game-item__main">
        <h3 className="game-item__title">
          <Link to={room}>{game.title}</Link>
          {game.isPrivate && <span className="badge game-item__private">Private</span>}
        </h3>
        <dl className="game-item__facts">
          <div>
            <dt>Type</dt>
            <dd>{game.gameType}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`game-status game-status--${game.status.toLowerCase()}`}>
                {statusText(game.status)}
              </span>
            </dd>
          </div>
          <div>
            <dt>Players</dt>
            <dd>
              {playerCountLabel(game)}
              {join === 'full' && ' (full)'}
              {game.players.length > 0 && (
                <span className="game-item__players">: {game.players.join(', ')}</span>
              )}
            </dd>
          </div>
        </dl>
      </div>
      <div className="game-item__action">
        {join === 'rejoin' ? (
          <ButtonLink to={room} variant="secondary" aria-label={`Return to ${game.title}`}>
            Return to Game
          </ButtonLink>
        ) : join === 'closed' ? (
          <ButtonLink to={room} variant="ghost" aria-label={`Watch ${game.title}`}>
            Watch
          </ButtonLink>
        ) : (
          <Button
            busy={joining}
            disabled={join === 'full'}
            title={join === 'full' ? 'This game is full' : undefined}
            aria-label={`Join ${game.title}`}
            onClick={() => onJoin(game)}
          >
            Join
          </Button>
        )}
      </div>
    </article>
  );
}
