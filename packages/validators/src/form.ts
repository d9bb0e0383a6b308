import type { z } from 'zod';

/** A form's errors: for each field that has a problem, its first message. */
export type FormErrors<Values> = Partial<Record<Extract<keyof Values, string>, string>>;

/**
 * A form's errors, from the very zod schema the server checks the same input with, so the form and
 * the server refuse the same things in the same words. A rule on the whole object must name the
 * field it belongs to (`path`): the form shows each message beside its field.
 */
export function formErrors<Schema extends z.ZodType>(
  schema: Schema,
  values: z.input<Schema>,
): FormErrors<z.input<Schema>> {
  const errors: Record<string, string> = {};
  const result = schema.safeParse(values);
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string') errors[field] ??= issue.message;
  }
  return errors;
}

/** For a form that shows one message: the first problem the server's schema finds, or null. */
export function formError<Schema extends z.ZodType>(
  schema: Schema,
  values: z.input<Schema>,
): string | null {
  return schema.safeParse(values).error?.issues[0]?.message ?? null;
}
