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
import { useState } from 'react';
import { TextField } from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { gameFormErrors } from './gameForm';
import { trpc } from '../../trpc';
import { basicsInput } from './GameBasicsFields';
import { GameCreateForm, useCreateGameForm } from './GameCreateForm';
import { ProblemPicker } from '../problems/ProblemPicker';

/**
 * Create CollabCode game (/games/create-collab-code, SPEC §2, §5): title, player limit, time limit,
 * public/private, password, and the problem (Create Game stays disabled until one is chosen).
 */
export default function CreateCollabCodePage() {
  useDocumentTitle('Create CollabCode Game');
  const create = trpc.game.createCollabCode.useMutation();
  const form = useCreateGameForm();
  const { clear, errors } = form;
  const [playerLimit, setPlayerLimit] = useState(String(PLAYER_LIMIT_DEFAULT));
  const [timeLimit, setTimeLimit] = useState(String(TIME_LIMIT_DEFAULT));
  const [problemId, setProblemId] = useState<number | null>(null);

  const input = {
    ...basicsInput(form.basics),
    playerLimit: numberFromField(playerLimit),
    timeLimit: numberFromField(timeLimit),
    problemId: problemId ?? undefined,
  };
  const check = () => gameFormErrors(CreateCollabCodeGameInput, input);
  const onSubmit = () => {
    void form.submit(
      check(),
      problemId === null ? null : () => create.mutateAsync({ ...input, problemId }),
      gameMessages.createCollabCodeFailed,
    );
  };

  return (
    <GameCreateForm
      title="Create CollabCode Game"
      subtitle="Solve a coding problem together before the time runs out."
      form={form}
      onSubmit={onSubmit}
      validate={check}
      busy={create.isPending}
      submitDisabled={problemId === null}
      /* Why Create Game is disabled, as a hint; the picker says it as an error once visited. */
      note={problemId === null && !errors.problemId ? gameMessages.selectProblem : null}
    >
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
    </GameCreateForm>
  );
}
