import { CreateNimGameInput, gameMessages } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, ButtonLink, PageHeader } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useApplyGame } from '../../hooks/useGameCache';
import { errorMessage } from '../../lib/errors';
import {
  gameFormErrors,
  hasGameFormErrors,
  withoutError,
  type GameFormErrors,
} from '../../lib/gameForm';
import { trpc } from '../../trpc';
import { basicsInput, GameBasicsFields, type GameBasics } from './GameBasicsFields';

/** Create Nim game (/games/create-nim-game, SPEC §2, §5): title, public/private, password. */
export default function CreateNimGamePage() {
  useDocumentTitle('Create Nim Game');
  const navigate = useNavigate();
  const apply = useApplyGame();
  const create = trpc.game.createNim.useMutation();
  const [basics, setBasics] = useState<GameBasics>({ title: '', isPrivate: false, password: '' });
  const [errors, setErrors] = useState<GameFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const input = basicsInput(basics);
    const found = gameFormErrors(CreateNimGameInput, input);
    setErrors(found);
    if (hasGameFormErrors(found)) return;
    try {
      apply((await create.mutateAsync(input)).game);
      void navigate('/games');
    } catch (err) {
      setFailure(`${gameMessages.createNimFailed} ${errorMessage(err, '')}`.trim());
    }
  };

  return (
    <div className="page form-page game-form-page">
      <PageHeader
        title="Create Nim Game"
        subtitle="Two players take 1 to 3 of 21 objects in turn."
      />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <GameBasicsFields
          value={basics}
          errors={errors}
          onChange={(patch) => {
            setBasics((old) => ({ ...old, ...patch }));
            if ('title' in patch) setErrors((old) => withoutError(old, 'title'));
            if ('password' in patch || 'isPrivate' in patch)
              setErrors((old) => withoutError(old, 'password'));
          }}
        />
        {failure && <Alert>{failure}</Alert>}
        <div className="form-page__footer">
          <Button type="submit" busy={create.isPending}>
            Create Game
          </Button>
          <ButtonLink to="/games" variant="ghost">
            Cancel
          </ButtonLink>
          <p className="form-page__note">* indicates mandatory fields</p>
        </div>
      </form>
    </div>
  );
}
