import { GAME_PASSWORD_MAX, GAME_TITLE_LIMIT, GAME_TITLE_MIN } from '@app/validators';
import { Checkbox, TextField } from '../../shared/components';
import type { GameFormErrors } from './gameForm';

export interface GameBasics {
  title: string;
  isPrivate: boolean;
  password: string;
}

export interface GameBasicsFieldsProps {
  value: GameBasics;
  errors: GameFormErrors;
  onChange: (patch: Partial<GameBasics>) => void;
}

/** Title, the public/private toggle and (when private) the room password: both create forms. */
export function GameBasicsFields({ value, errors, onChange }: GameBasicsFieldsProps) {
  return (
    <>
      <TextField
        label="Game Title"
        required
        hint={`${GAME_TITLE_MIN} to ${GAME_TITLE_LIMIT - 1} characters`}
        data-field="title"
        value={value.title}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value })}
        autoFocus
      />
      <Checkbox
        label="Private game (players need a password to join)"
        checked={value.isPrivate}
        onChange={(e) => onChange({ isPrivate: e.target.checked })}
      />
      {value.isPrivate && (
        <TextField
          label="Room Password"
          type="password"
          required
          autoComplete="new-password"
          hint="At least 4 characters"
          maxLength={GAME_PASSWORD_MAX}
          data-field="password"
          value={value.password}
          error={errors.password}
          onChange={(e) => onChange({ password: e.target.value })}
        />
      )}
    </>
  );
}

/** The input the schemas take: a public game sends no password. */
export const basicsInput = ({ title, isPrivate, password }: GameBasics) => ({
  title,
  isPrivate,
  ...(isPrivate ? { password } : {}),
});
