import {
  CreateCollabCodeGameInput,
  gameMessages,
  numberFromField,
  PLAYER_LIMIT_DEFAULT,
  PLAYER_LIMIT_MAX,
  PLAYER_LIMIT_MIN,
  TIME_LIMIT_DEFAULT,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
} from '@app/validators';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, ButtonLink, PageHeader, TextField } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useApplyGame } from '../../hooks/useGameCache';
import { errorMessage } from '../../lib/errors';
import {
  gameFormErrors,
  hasGameFormErrors,
  withoutError,
  type GameFormErrors,
  type GameFormField,
} from '../../lib/gameForm';
import { trpc } from '../../trpc';
import { basicsInput, GameBasicsFields, type GameBasics } from './GameBasicsFields';
import { ProblemPicker } from './ProblemPicker';

/**
 * Create CollabCode game (/games/create-collab-code, SPEC §2, §5): title, player limit, time limit,
 * public/private, password, and the problem (Create Game stays disabled until one is chosen).
 */
export default function CreateCollabCodePage() {
  useDocumentTitle('Create CollabCode Game');
  const navigate = useNavigate();
  const apply = useApplyGame();
  const create = trpc.game.createCollabCode.useMutation();
  const [basics, setBasics] = useState<GameBasics>({ title: '', isPrivate: false, password: '' });
  const [playerLimit, setPlayerLimit] = useState(String(PLAYER_LIMIT_DEFAULT));
  const [timeLimit, setTimeLimit] = useState(String(TIME_LIMIT_DEFAULT));
  const [problemId, setProblemId] = useState<number | null>(null);
  const [errors, setErrors] = useState<GameFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const clear = (field: GameFormField) => setErrors((old) => withoutError(old, field));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const input = {
      ...basicsInput(basics),
      playerLimit: numberFromField(playerLimit),
      timeLimit: numberFromField(timeLimit),
      problemId: problemId ?? undefined,
    };
    const found = gameFormErrors(CreateCollabCodeGameInput, input);
    setErrors(found);
    if (hasGameFormErrors(found) || problemId === null) return;
    try {
      apply((await create.mutateAsync({ ...input, problemId })).game);
      void navigate('/games');
    } catch (err) {
      setFailure(`${gameMessages.createCollabCodeFailed} ${errorMessage(err, '')}`.trim());
    }
  };

  return (
    <div className="page form-page game-form-page">
      <PageHeader
        title="Create CollabCode Game"
        subtitle="Solve a coding problem together before the time runs out."
      />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <GameBasicsFields
          value={basics}
          errors={errors}
          onChange={(patch) => {
            setBasics((old) => ({ ...old, ...patch }));
            if ('title' in patch) clear('title');
            if ('password' in patch || 'isPrivate' in patch) clear('password');
          }}
        />
        <div className="game-form-page__limits">
          <TextField
            label="Player Limit"
            type="number"
            inputMode="numeric"
            min={PLAYER_LIMIT_MIN}
            max={PLAYER_LIMIT_MAX}
            hint={`${PLAYER_LIMIT_MIN} to ${PLAYER_LIMIT_MAX} players`}
            value={playerLimit}
            error={errors.playerLimit}
            onChange={(e) => {
              setPlayerLimit(e.target.value);
              clear('playerLimit');
            }}
          />
          <TextField
            label="Time Limit (minutes)"
            type="number"
            inputMode="numeric"
            min={TIME_LIMIT_MIN}
            max={TIME_LIMIT_MAX}
            hint={`${TIME_LIMIT_MIN} to ${TIME_LIMIT_MAX} minutes`}
            value={timeLimit}
            error={errors.timeLimit}
            onChange={(e) => {
              setTimeLimit(e.target.value);
              clear('timeLimit');
            }}
          />
        </div>
        <ProblemPicker
          value={problemId}
          error={errors.problemId}
          onChange={(id) => {
            setProblemId(id);
            clear('problemId');
          }}
        />
        {failure && <Alert>{failure}</Alert>}
        <div className="form-page__footer">
          <Button type="submit" busy={create.isPending} disabled={problemId === null}>
            Create Game
          </Button>
          <ButtonLink to="/games" variant="ghost">
            Cancel
          </ButtonLink>
          {problemId === null && <p className="form-page__note">{gameMessages.selectProblem}</p>}
        </div>
      </form>
    </div>
  );
}
