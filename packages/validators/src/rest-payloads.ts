import { z } from 'zod';
import {
  CreateAnswerInput,
  CreateCommentInput,
  CreateQuestionInput,
  QUESTION_ORDERS,
  questionMessages,
} from './question';
import { LoginInput, SignupInput } from './auth';
import { ResetPasswordInput, UpdateBiographyInput } from './user';
import { CHAT_CREATE_MAX_PEOPLE, messagingMessages, messageText } from './messaging';
import {
  CreateProblemInput,
  problemMessages,
  RunProblemTestsInput,
  TestSolutionInput,
  type TestCaseInput,
} from './problems';
import { GAME_TYPES, gameIdSchema, gameMessages, gameTitleSchema, SetGameCodeInput } from './games';

/**
 * The original client's REST payloads (SPEC §7), each read whole before its adapter calls anything:
 * a missing or wrongly typed field is refused with a sentence, never read as '' or as a default.
 * Each field uses its procedure's own schema where the names agree; where the client sends another
 * shape (ids as text, tags as objects) the field maps onto the procedure's schema.
 */

/** A payload's schema, for the REST adapters to parse with. */
export type RestPayload<T> = z.ZodType<T, unknown>;

export const restPayloadMessages = {
  commentType: "type must be 'question' or 'answer'.",
  unknownOrder: `Unknown order: use one of ${QUESTION_ORDERS.join(', ')}.`,
} as const;

/** The `msg` of the original client's REST answers that carry no entity (SPEC §7). */
export const restAnswerMessages = {
  loggedOut: 'Logged out',
  passwordReset: 'Password reset successfully',
  userDeleted: 'User deleted successfully',
  /** `noun`: the post's word, 'Question' or 'Problem'. */
  voted: (noun: string, vote: 'up' | 'down') =>
    `${noun} ${vote === 'up' ? 'upvoted' : 'downvoted'} successfully`,
  voteCancelled: (vote: 'up' | 'down') =>
    `${vote === 'up' ? 'Upvote' : 'Downvote'} cancelled successfully`,
} as const;

/**
 * Sentences made from a name (`what`: 'question id', 'The request body' …). Kept out of the
 * `…Messages` objects: the bad-input sweep reads those as patterns that take any text for `what`.
 */
export const invalidIdSentence = (what: string) => `Invalid ${what}`;
export const notAnObjectSentence = (what: string) => `${what} must be a JSON object.`;

/** The acting user's name as the client sends it (absent means the signed-in user). */
const selfName = z.string().nullish();

/** An id as the client sends it: a positive whole number, or its digits as text. */
export const restId = (what: string) =>
  z.union([z.number(), z.string()], { error: invalidIdSentence(what) }).transform((value, ctx) => {
    const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
    ctx.addIssue({ code: 'custom', message: invalidIdSentence(what) });
    return z.NEVER;
  });

/**
 * A number as the client may send it (a number, or a form's numeric text). Absent or blank is
 * undefined (the procedure's default applies); text that is no number is NaN, for the procedure's
 * schema to name.
 */
const numeric = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'number') return value;
    return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : Number.NaN;
  })
  .optional();

// /user
export const SignupPayload = SignupInput;
export const LoginPayload = LoginInput;
export const BiographyPayload = z.object({
  username: selfName,
  biography: UpdateBiographyInput.shape.biography,
});
export const ResetPasswordPayload = z.object({
  username: selfName,
  password: ResetPasswordInput.shape.password,
});

// /question, /answer, /comment
/** Tags as the client sends them ({name, description} objects) or as plain names. */
const tagList = z
  .array(z.union([z.string(), z.object({ name: z.string() })]), {
    error: questionMessages.tagsMin,
  })
  .transform((tags) => tags.map((tag) => (typeof tag === 'string' ? tag : tag.name)))
  .pipe(CreateQuestionInput.shape.tags);

export const QuestionPayload = z.object({
  title: CreateQuestionInput.shape.title,
  text: CreateQuestionInput.shape.text,
  tags: tagList,
  askedBy: selfName,
});
export const AnswerPayload = z.object({
  qid: restId('question id'),
  ans: z.object({ text: CreateAnswerInput.shape.text, ansBy: selfName }),
});
export const CommentPayload = z.object({
  id: z.union([z.number(), z.string()]),
  type: z.enum(['question', 'answer'], { error: restPayloadMessages.commentType }),
  comment: z.object({ text: CreateCommentInput.shape.text, commentBy: selfName }),
});
/** POST /question/upvoteQuestion and the like: {username, <idField>}. */
export const votePayload = (idField: string, what: string) =>
  z.object({ username: selfName, [idField]: restId(what) });

// /messaging, /chat
export const GlobalMessagePayload = z.object({
  messageToAdd: z.object({ msg: messageText, msgFrom: selfName }),
});
export const ChatMessagePayload = z.object({ msg: messageText, msgFrom: selfName });
export const CreateChatPayload = z.object({
  participants: z
    .array(z.string(), { error: messagingMessages.selectUser })
    .max(CHAT_CREATE_MAX_PEOPLE, messagingMessages.tooManyPeople),
  messages: z.array(ChatMessagePayload).default([]),
});

// /games, /testCode
/** A game as SPEC §7 names it: gameID, or gameId or id in some builds. */
const gameRef = {
  gameID: gameIdSchema.optional(),
  gameId: gameIdSchema.optional(),
  id: gameIdSchema.optional(),
};
export const gameIdOf = (ref: { gameID?: string; gameId?: string; id?: string }): string =>
  ref.gameID ?? ref.gameId ?? ref.id ?? '';

export const CreateGamePayload = z.object({
  gameType: z.enum(GAME_TYPES, { error: gameMessages.unknownGameType }),
  initialGameState: z
    .object({
      title: gameTitleSchema.nullish(),
      isPrivate: z.boolean().nullish(),
      password: z.string().nullish(),
      playerLimit: numeric,
      timeLimit: numeric,
      problemID: numeric,
      problemId: numeric,
    })
    .nullish(),
});
export const VerifyGamePayload = z.object({
  ...gameRef,
  password: z.string({ error: gameMessages.incorrectPassword }),
});
export const JoinGamePayload = z.object({
  ...gameRef,
  playerID: selfName,
  password: z.string().nullish(),
});
export const LeaveGamePayload = z.object({ ...gameRef, playerID: selfName });
/**
 * POST /testCode: the code becomes the room's shared text before its tests run, so an empty one is
 * refused here, before anything is written.
 */
export const TestCodePayload = z.object({
  ...gameRef,
  code: z
    .string({ error: gameMessages.emptySolution })
    .refine((code) => code.trim() !== '', gameMessages.emptySolution)
    .pipe(SetGameCodeInput.shape.code),
});

// /problem, /submission
/** Test cases as {testCode, hidden} objects (hidden false when absent) or as plain test code. */
const testCaseList = z
  .array(
    z.union([z.string(), z.object({ testCode: z.string(), hidden: z.boolean().optional() })]),
    { error: problemMessages.noTests },
  )
  .transform((tests): TestCaseInput[] =>
    tests.map((test) =>
      typeof test === 'string'
        ? { testCode: test, hidden: false }
        : { testCode: test.testCode, hidden: test.hidden === true },
    ),
  )
  .pipe(CreateProblemInput.shape.testCases);

export const ProblemPayload = z.object({
  title: CreateProblemInput.shape.title,
  problemText: CreateProblemInput.shape.problemText,
  functionSignature: CreateProblemInput.shape.functionSignature,
  testCases: testCaseList,
  suggestedSolution: CreateProblemInput.shape.suggestedSolution,
  postedBy: selfName,
});
export const TestProblemPayload = z.object({
  code: TestSolutionInput.shape.code,
  testCases: testCaseList,
});
export const ProblemCodePayload = z.object({ code: RunProblemTestsInput.shape.code });
export const SubmissionPayload = z.object({
  submission: z.object({
    problemId: numeric,
    submissionBy: selfName,
    submissionCode: z.string().optional(),
    code: z.string().optional(),
  }),
});
