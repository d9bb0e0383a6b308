import { gameMessages } from '@app/validators';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, EmptyState, LoadingState, PageHeader } from '../../shared/components';
import { useUserContext } from '../../shared/session/context';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useApplyGame } from './cache';
import { useLiveLobby } from './live';
import { errorMessage, prefixedError } from '../../shared/lib/errors';
import {
  filterGames,
  GAME_FILTERS,
  gameFilterLabels,
  noGamesMessage,
  type GameFilter,
} from './gameLobby';
import type { GameSummary } from './gameTypes';
import { trpc } from '../../trpc';
import { GameTypeModal } from './GameTypeModal';
import { JoinPasswordModal } from './JoinPasswordModal';
import { LobbyGameItem } from './LobbyGameItem';

/**
 * Games lobby (/games, SPEC §2): Create Game (choose the type), 'Available Games' filtered by type,
 * Refresh List, and Join per game (a private game asks for its password first). Live: games appear,
 * fill, start and end without a reload.
 */
export default function GamesLobbyPage() {
  useDocumentTitle('Games');
  const { user } = useUserContext();
  const navigate = useNavigate();
  const apply = useApplyGame();
  useLiveLobby();
  const list = trpc.game.list.useQuery({});
  const join = trpc.game.join.useMutation();
  const verify = trpc.game.verifyPassword.useMutation();

  const [filter, setFilter] = useState<GameFilter>('all');
  const [choosingType, setChoosingType] = useState(false);
  const [privateGame, setPrivateGame] = useState<GameSummary | null>(null);
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const joinGame = async (game: GameSummary, password?: string): Promise<string | null> => {
    setJoiningId(game.id);
    try {
      const reply = await join.mutateAsync({ id: game.id, ...(password ? { password } : {}) });
      apply(reply.game);
      void navigate(`/games/${game.id}`);
      return null;
    } catch (err) {
      return errorMessage(err);
    } finally {
      setJoiningId(null);
    }
  };

  const onJoin = (game: GameSummary) => {
    setError(null);
    if (game.isPrivate) {
      setPrivateGame(game);
      return;
    }
    void joinGame(game).then((refusal) => setError(refusal));
  };

  const onPassword = async (password: string): Promise<string | null> => {
    if (!privateGame) return null;
    try {
      const { ok } = await verify.mutateAsync({ id: privateGame.id, password });
      if (!ok) return gameMessages.incorrectPassword;
    } catch (err) {
      return prefixedError(gameMessages.joinPrivateFailed, err);
    }
    return joinGame(privateGame, password);
  };

  const games = filterGames(list.data ?? [], filter);

  return (
    <div className="page games-page">
      <PageHeader
        title="Games"
        subtitle="Play Nim or solve a coding problem together, live."
        actions={<Button onClick={() => setChoosingType(true)}>Create Game</Button>}
      />
      <section className="games-lobby" aria-labelledby="available-games">
        <div className="games-lobby__bar">
          <h2 id="available-games" className="section-title">
            Available Games
          </h2>
          <div className="games-lobby__tools">
            <div className="order-buttons" role="group" aria-label="Game type">
              {GAME_FILTERS.map((option) => (
                <button
                  key={option}
                  type="button"
                  className="order-buttons__button"
                  aria-pressed={filter === option}
                  onClick={() => setFilter(option)}
                >
                  {gameFilterLabels[option]}
                </button>
              ))}
            </div>
            <Button
              variant="secondary"
              size="sm"
              busy={list.isRefetching}
              onClick={() => void list.refetch()}
            >
              Refresh List
            </Button>
          </div>
        </div>
        {error && <Alert>{error}</Alert>}
        {list.isPending ? (
          <LoadingState label="Loading games..." />
        ) : !list.data ? (
          <Alert>{prefixedError(gameMessages.fetchGamesFailed, list.error)}</Alert>
        ) : games.length === 0 ? (
          <EmptyState title={noGamesMessage(filter)} />
        ) : (
          <ul className="game-list" aria-label="Available Games">
            {games.map((game) => (
              <li key={game.id}>
                <LobbyGameItem
                  game={game}
                  username={user.username}
                  joining={joiningId === game.id}
                  onJoin={onJoin}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {choosingType && <GameTypeModal onClose={() => setChoosingType(false)} />}
      {privateGame && (
        <JoinPasswordModal
          gameTitle={privateGame.title}
          onSubmit={onPassword}
          onClose={() => setPrivateGame(null)}
        />
      )}
    </div>
  );
}
