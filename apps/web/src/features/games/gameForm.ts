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

export const isGameFormField = (name: string | undefined): name is GameFormField =>
  name !== undefined && FIELDS.includes(name);

/**
 * The errors shown once the user has left a field: that field's own message from `found` (the whole
 * form checked now), the others as they were. Errors show after a submit or a visit, never before.
 */
export function withVisitedField(
  shown: GameFormErrors,
  field: GameFormField,
  found: GameFormErrors,
): GameFormErrors {
  const message = found[field];
  if (message === undefined) return withoutError(shown, field);
  return shown[field] === message ? shown : { ...shown, [field]: message };
}

/** The form without one field's error (once the user edits it). */
export function withoutError(errors: GameFormErrors, field: GameFormField): GameFormErrors {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}
