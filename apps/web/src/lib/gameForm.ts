// The create-game forms' errors, in the server's words: read from the validators' own schemas.

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
interface Schema {
  safeParse(value: unknown): { error?: { issues: readonly Issue[] } };
}

export type GameFormField = 'title' | 'password' | 'playerLimit' | 'timeLimit' | 'problemId';
export type GameFormErrors = Partial<Record<GameFormField, string>>;

const FIELDS: readonly string[] = ['title', 'password', 'playerLimit', 'timeLimit', 'problemId'];

/** Each field's first message from the schema (SPEC §5), or none. */
export function gameFormErrors(schema: Schema, values: unknown): GameFormErrors {
  const errors: GameFormErrors = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const [head] = issue.path;
    if (typeof head === 'string' && FIELDS.includes(head))
      errors[head as GameFormField] ??= issue.message;
  }
  return errors;
}

export const hasGameFormErrors = (errors: GameFormErrors): boolean =>
  Object.keys(errors).length > 0;

/** The form without one field's error (once the user edits it). */
export function withoutError(errors: GameFormErrors, field: GameFormField): GameFormErrors {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}
