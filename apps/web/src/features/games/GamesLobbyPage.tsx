import { gameMessages } from '@app/validators';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { lobbyOrder } from '@app/games';
import {
  Alert,
  Button,
  Checkbox,
  EmptyState,
  LoadingState,
  PageHeader,
} from '../../shared/components';
import { useUserContext } from '../../shared/session/context';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useApplyGame } from './cache';
import { useLiveLobby } from './live';
import { errorMessage, prefixedError } from '../../shared/lib/errors';
import {
  filterGames,
  GAME_FILTERS,
  gameFilterLabels,
  inviteLink,
  noGamesMessage,
  SHOW_FINISHED_PARAM,
  showFinishedFrom,
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
  const [params, setParams] = useSearchParams();
  // The switch answers its click at once; the address follows it (and Back moves it back).
  const finishedInAddress = showFinishedFrom(params);
  const [showFinished, setShowFinished] = useState(finishedInAddress);
  useEffect(() => setShowFinished(finishedInAddress), [finishedInAddress]);
  // The list on screen stays while the other one loads.
  const list = trpc.game.list.useQuery({ showFinished }, { placeholderData: (shown) => shown });
  const join = trpc.game.join.useMutation();
  const verify = trpc.game.verifyPassword.useMutation();

  const [filter, setFilter] = useState<GameFilter>('all');
  const [choosingType, setChoosingType] = useState(false);
  const [privateGame, setPrivateGame] = useState<GameSummary | null>(null);
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);

  const onShowFinished = (show: boolean) => {
    setShowFinished(show);
    const next = new URLSearchParams(params);
    if (show) next.set(SHOW_FINISHED_PARAM, '1');
    else next.delete(SHOW_FINISHED_PARAM);
    setParams(next, { replace: true });
  };

  const onCopyInvite = async (game: GameSummary) => {
    try {
      await navigator.clipboard.writeText(inviteLink(window.location.origin, game.id));
      setCopied(gameMessages.inviteCopied);
    } catch {
      setCopied(gameMessages.inviteCopyFailed);
    }
  };

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

  // The viewer's own games that are not over come first (the server's order; kept as live events
  // add games).
  const games = lobbyOrder(filterGames(list.data ?? [], filter), user.username);

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
            <Checkbox
              label={gameMessages.showFinished}
              checked={showFinished}
              onChange={(event) => onShowFinished(event.target.checked)}
            />
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
        <p className="games-lobby__copied" role="status">
          {copied}
        </p>
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
                  onCopyInvite={(g) => void onCopyInvite(g)}
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
