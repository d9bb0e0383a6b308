import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, ButtonLink, PageHeader } from '../../shared/components';
import { useFieldVisits } from '../../shared/components/form/useFieldVisits';
import { useApplyGame } from './cache';
import { errorMessage } from '../../shared/lib/errors';
import {
  hasGameFormErrors,
  isGameFormField,
  withoutError,
  withVisitedField,
  type GameFormErrors,
  type GameFormField,
} from './gameForm';
import { GameBasicsFields, type GameBasics } from './GameBasicsFields';

type CreatedGame = Parameters<ReturnType<typeof useApplyGame>>[0];

/**
 * A create-game form's state and submit: the basics (title, public/private, password), the field
 * errors, and the failure under the form. A created game goes into the lobby's cache, then to /games.
 */
export function useCreateGameForm() {
  const navigate = useNavigate();
  const apply = useApplyGame();
  const [basics, setBasics] = useState<GameBasics>({ title: '', isPrivate: false, password: '' });
  const [errors, setErrors] = useState<GameFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const clear = (field: GameFormField) => setErrors((old) => withoutError(old, field));
  /** The user left `field`: its message from the form as it is now (`found`), if any. */
  const visit = (field: GameFormField, found: GameFormErrors) =>
    setErrors((old) => withVisitedField(old, field, found));

  const changeBasics = (patch: Partial<GameBasics>) => {
    setBasics((old) => ({ ...old, ...patch }));
    if ('title' in patch) clear('title');
    if ('password' in patch || 'isPrivate' in patch) clear('password');
  };

  /** Shows `found`; creates only when there is none (`create` is null while the form is not ready). */
  const submit = async (
    found: GameFormErrors,
    create: (() => Promise<{ game: CreatedGame }>) | null,
    failedText: string,
  ) => {
    setFailure(null);
    setErrors(found);
    if (hasGameFormErrors(found) || !create) return;
    try {
      apply((await create()).game);
      void navigate('/games');
    } catch (err) {
      setFailure(`${failedText} ${errorMessage(err, '')}`.trim());
    }
  };

  return { basics, changeBasics, errors, clear, visit, failure, submit };
}

export interface GameCreateFormProps {
  title: string;
  subtitle: string;
  form: ReturnType<typeof useCreateGameForm>;
  onSubmit: () => void;
  /** The form's errors as it is now, shown field by field as the user leaves each. */
  validate: () => GameFormErrors;
  busy: boolean;
  /** Create Game stays disabled while true (no problem chosen yet). */
  submitDisabled?: boolean;
  /** The note beside the buttons, if any (a hint, not an error). */
  note: ReactNode;
  /** The game's own fields, after the basics. */
  children?: ReactNode;
}

/** The page of a create-game form: header, the basics, the game's own fields, Create Game and Cancel. */
export function GameCreateForm({
  title,
  subtitle,
  form,
  onSubmit,
  validate,
  busy,
  submitDisabled,
  note,
  children,
}: GameCreateFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const handleBlur = useFieldVisits((field) => {
    if (isGameFormField(field)) form.visit(field, validate());
  });
  return (
    <div className="page form-page game-form-page">
      <PageHeader title={title} subtitle={subtitle} />
      <form className="form card" onSubmit={handleSubmit} onBlur={handleBlur} noValidate>
        <GameBasicsFields value={form.basics} errors={form.errors} onChange={form.changeBasics} />
        {children}
        {form.failure && <Alert>{form.failure}</Alert>}
        <div className="form-page__footer">
          <Button type="submit" busy={busy} disabled={submitDisabled}>
            Create Game
          </Button>
          <ButtonLink to="/games" variant="ghost">
            Cancel
          </ButtonLink>
          {note && <p className="form-page__note">{note}</p>}
        </div>
      </form>
    </div>
  );
}
