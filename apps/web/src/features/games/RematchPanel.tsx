import type { RematchOffer } from '@app/games';
import { gameMessages } from '@app/validators';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, ButtonLink } from '../../shared/components';
import { errorMessage } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { useApplyGame } from './cache';

export interface RematchPanelProps {
  gameId: string;
  username: string;
  rematch: RematchOffer | undefined;
}

/**
 * A finished game's rematch, for its players: Offer rematch; the other player sees the offer live
 * and accepts or declines. An accepted offer takes both players to the new game (the one who sees
 * it happen here is moved; a later visit shows a link).
 */
export function RematchPanel({ gameId, username, rematch }: RematchPanelProps) {
  const navigate = useNavigate();
  const apply = useApplyGame();
  const offer = trpc.game.offerRematch.useMutation();
  const answer = trpc.game.answerRematch.useMutation();
  const [error, setError] = useState<string | null>(null);
  const seen = useRef(rematch?.status);

  // Offered while this room was open, then accepted: both players land in the new game.
  useEffect(() => {
    const was = seen.current;
    seen.current = rematch?.status;
    if (was === 'offered' && rematch?.status === 'accepted' && rematch.gameId) {
      void navigate(`/games/${rematch.gameId}`);
    }
  }, [rematch, navigate]);

  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const onOffer = () =>
    run(async () => {
      apply((await offer.mutateAsync({ id: gameId })).game);
    });
  const onAnswer = (accept: boolean) =>
    run(async () => {
      const reply = await answer.mutateAsync({ id: gameId, accept });
      if (reply.rematch) apply(reply.rematch);
      apply(reply.game);
    });

  return (
    <section className="rematch card" aria-label="Rematch">
      {!rematch ? (
        <Button busy={offer.isPending} onClick={() => void onOffer()}>
          {gameMessages.offerRematch}
        </Button>
      ) : rematch.status === 'offered' ? (
        rematch.by === username ? (
          <p role="status">{gameMessages.rematchWaiting}</p>
        ) : (
          <div className="rematch__offer">
            <p role="status">{gameMessages.rematchOffered(rematch.by)}</p>
            <div className="button-row">
              <Button busy={answer.isPending} onClick={() => void onAnswer(true)}>
                {gameMessages.acceptRematch}
              </Button>
              <Button
                variant="secondary"
                disabled={answer.isPending}
                onClick={() => void onAnswer(false)}
              >
                {gameMessages.declineRematch}
              </Button>
            </div>
          </div>
        )
      ) : rematch.status === 'accepted' && rematch.gameId ? (
        <ButtonLink to={`/games/${rematch.gameId}`}>{gameMessages.openRematch}</ButtonLink>
      ) : (
        <p role="status">
          {gameMessages.rematchDeclined(rematch.by === username ? 'The other player' : 'You')}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
