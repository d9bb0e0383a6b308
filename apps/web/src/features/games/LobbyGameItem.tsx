import { Link } from 'react-router-dom';
import { gameMessages } from '@app/validators';
import { Button, ButtonLink } from '../../shared/components';
import { joinState, playerCountLabel, statusText } from './gameLobby';
import type { GameSummary } from './gameTypes';

export interface LobbyGameItemProps {
  game: GameSummary;
  username: string;
  joining: boolean;
  onJoin: (game: GameSummary) => void;
  onCopyInvite: (game: GameSummary) => void;
}

/**
 * One game in 'Available Games': title, type, status, players and Join (SPEC §4's join rules). The
 * viewer's own game that is not over is marked as theirs, with Open and Copy invite link.
 */
export function LobbyGameItem({
  game,
  username,
  joining,
  onJoin,
  onCopyInvite,
}: LobbyGameItemProps) {
  const join = joinState(game, username);
  const room = `/games/${game.id}`;
  const mine = join === 'rejoin';
  return (
    <article className={`game-item${mine ? ' game-item--mine' : ''}`} aria-label={game.title}>
      <div className="game-item__main">
        <h3 className="game-item__title">
          <Link to={room}>{game.title}</Link>
          {game.isPrivate && <span className="badge game-item__private">Private</span>}
          {mine && <span className="badge game-item__mine">{gameMessages.yourGame}</span>}
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
        {mine ? (
          <>
            <ButtonLink to={room} aria-label={`${gameMessages.open} ${game.title}`}>
              {gameMessages.open}
            </ButtonLink>
            <Button
              variant="secondary"
              aria-label={`${gameMessages.copyInvite} for ${game.title}`}
              onClick={() => onCopyInvite(game)}
            >
              {gameMessages.copyInvite}
            </Button>
          </>
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
