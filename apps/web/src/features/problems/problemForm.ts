import { problemMessages } from '@app/validators';

/** One test case row of the create form; `key` keeps React's rows apart when one is removed. */
export interface TestCaseDraft {
  key: number;
  testCode: string;
  hidden: boolean;
}

export type ProblemField =
  'title' | 'problemText' | 'functionSignature' | 'suggestedSolution' | 'topics';

/**
 * The create form's errors, in the server's words (from the validators' schemas). An empty field is
 * marked (`true`) and the form says 'Not all fields have been filled' once; any other message (too
 * long, a test not of the form assert(…)) stands under its field or test.
 */
export interface ProblemFormErrors {
  /** The one message above Submit: fields missing, or a rule on the list of tests. */
  form: string | null;
  fields: Partial<Record<ProblemField, string | true>>;
  /** By test row index. */
  tests: Record<number, string | true>;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
interface Schema {
  safeParse(value: unknown): { error?: { issues: readonly Issue[] } };
}

const FIELDS: readonly string[] = [
  'title',
  'problemText',
  'functionSignature',
  'suggestedSolution',
  'topics',
];

/**
 * Reads a schema's issues into the form's errors. `rename` maps the schema's field names onto the
 * form's (Test Solution's `code` is the example solution).
 */
export function problemFormErrors(
  schema: Schema,
  values: unknown,
  rename: Record<string, ProblemField> = {},
): ProblemFormErrors {
  const errors: ProblemFormErrors = { form: null, fields: {}, tests: {} };
  let listMessage: string | null = null;
  let missing = false;
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const [head, index] = issue.path;
    const field = typeof head === 'string' ? (rename[head] ?? head) : null;
    const mark = issue.message === problemMessages.fieldsMissing ? true : issue.message;
    if (mark === true) missing = true;
    if (field === 'testCases' && typeof index === 'number') errors.tests[index] ??= mark;
    else if (field === 'testCases') listMessage ??= issue.message;
    else if (field && FIELDS.includes(field)) errors.fields[field as ProblemField] ??= mark;
  }
  errors.form = missing ? problemMessages.fieldsMissing : listMessage;
  return errors;
}

export const hasErrors = (errors: ProblemFormErrors): boolean =>
  errors.form !== null ||
  Object.keys(errors.fields).length > 0 ||
  Object.keys(errors.tests).length > 0;

/** The text to show under a field: a message of its own, or nothing when it is only marked. */
export const fieldMessage = (mark: string | true | undefined): string | null =>
  typeof mark === 'string' ? mark : null;

/** The tests as the server takes them. */
export const testCasesInput = (tests: readonly TestCaseDraft[]) =>
  tests.map(({ testCode, hidden }) => ({ testCode, hidden }));
