import { z } from 'zod';
import { hasValidHyperlinks, hyperlinkMessages } from './hyperlink';
import { sendKeyOf } from './send-keys';
import { charCount, cleanText, userText } from './text';

export const TITLE_MAX = 100;
export const TAGS_MIN = 1;
export const TAGS_MAX = 5;
export const TAG_NAME_MAX = 20;
export const TEXT_MAX = 30_000;
export const COMMENT_MAX = 600;
export const DEFAULT_TAG_DESCRIPTION = 'user added tag';
export const QUESTIONS_PAGE_SIZE = 20;
export const SEARCH_MAX = 200;
/** Words past this many add little to a search and cost a full-text lookup each. */
export const SEARCH_WORDS_MAX = 8;

export const questionMessages = {
  titleEmpty: 'Title cannot be empty',
  titleTooLong: `Title cannot be more than ${TITLE_MAX} characters`,
  textEmpty: 'Question text cannot be empty',
  textTooLong: `Text cannot be more than ${TEXT_MAX} characters`,
  tagsMin: 'Should have at least 1 tag',
  tagsMax: 'Cannot have more than 5 tags',
  tagTooLong: `New tag length cannot be more than ${TAG_NAME_MAX}`,
  tagCharacters: 'Tags can only contain letters, digits and + # . _ -',
  answerEmpty: 'Answer text cannot be empty',
  commentEmpty: 'Comment text cannot be empty',
  commentTooLong: `Comment cannot be more than ${COMMENT_MAX} characters`,
  invalidSendKey: 'Invalid post key',
  sentAlready: 'This post is being sent already.',
  questionNotFound: 'Question not found',
  tagNotFound: 'Tag not found',
  invalidCursor: 'Invalid cursor',
  answerNotFound: 'Answer not found',
  questionIdMissing: 'Question ID is missing.',
  /** The notice on /home after a link to a question that is not there. */
  questionDoesNotExist: 'That question does not exist.',
  /** The quiet link that opens a post's comment box. */
  addComment: 'Add a comment',
  commentKeys: 'Enter posts, Shift+Enter starts a new line.',
  noQuestions: 'No Questions Found',
  noComments: 'No comments yet.',
  mandatory: '* indicates mandatory fields',
  fetchFailed: 'Error when fetching or filtering questions',
} as const;

export const QUESTION_ORDERS = ['newest', 'unanswered', 'active', 'mostViewed'] as const;
export type QuestionOrder = (typeof QUESTION_ORDERS)[number];
export const questionOrderLabels: Record<QuestionOrder, string> = {
  newest: 'Newest',
  unanswered: 'Unanswered',
  active: 'Active',
  mostViewed: 'Most Viewed',
};

/**
 * What a question's last activity was: a card in the Active order says it ('answered 3 minutes ago');
 * an edit of the question or of one of its answers is 'modified', as on Stack Overflow.
 */
export const QUESTION_ACTIVITIES = ['asked', 'answered', 'commented', 'modified'] as const;
export type QuestionActivity = (typeof QUESTION_ACTIVITIES)[number];
export const questionActivityLabels: Record<QuestionActivity, string> = {
  asked: 'asked',
  answered: 'answered',
  commented: 'commented',
  modified: 'modified',
};

/** What makes two tag names the same tag: case does not count, in any script. */
export const tagKey = (name: string): string => name.toLowerCase();

/** Splits the Tags field on whitespace, dropping repeats (tag names compare case-insensitively). */
export function parseTagNames(raw: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of raw.split(/\s+/).map(cleanText).filter(Boolean)) {
    const key = tagKey(name);
    if (!seen.has(key)) {
      seen.add(key);
      names.push(name);
    }
  }
  return names;
}

const textWithLinks = (emptyMessage: string) =>
  userText(TEXT_MAX, { empty: emptyMessage, tooLong: questionMessages.textTooLong }).refine(
    hasValidHyperlinks,
    hyperlinkMessages.invalid,
  );

// Letters and digits of any script, and the few marks tag names use (c++, c#, node.js, vue-router).
const TAG_PATTERN = /^[\p{L}\p{N}\p{M}+#._-]+$/u;

/** The first problem with a list of tag names, in the spec's order, or null. */
function tagNamesProblem(names: readonly string[]): string | null {
  if (names.length < TAGS_MIN) return questionMessages.tagsMin;
  if (names.length > TAGS_MAX) return questionMessages.tagsMax;
  if (names.some((t) => charCount(t) > TAG_NAME_MAX)) return questionMessages.tagTooLong;
  if (names.some((t) => !TAG_PATTERN.test(t))) return questionMessages.tagCharacters;
  return null;
}

// Each entry is split on whitespace and repeats dropped, exactly as the Tags field is, so
// ['react hooks', 'React'] and 'react hooks React' are the same two tags. The outer bounds keep the
// work small; a list past them breaks the spec's rules anyway, so it gets their words.
export const tagNamesSchema = z
  .array(z.string().max(500, questionMessages.tagTooLong))
  .max(100, questionMessages.tagsMax)
  .transform((names) => parseTagNames(names.join(' ')))
  .superRefine((names, ctx) => {
    const problem = tagNamesProblem(names);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A post's send key (send-keys.ts): a question, answer or comment sent again with its key is posted once. */
export const postSendKeySchema = sendKeyOf(questionMessages.invalidSendKey);

export const CreateQuestionInput = z.object({
  title: userText(TITLE_MAX, {
    empty: questionMessages.titleEmpty,
    tooLong: questionMessages.titleTooLong,
  }),
  text: textWithLinks(questionMessages.textEmpty),
  tags: tagNamesSchema,
  sendKey: postSendKeySchema.optional(),
});
export type CreateQuestionInput = z.infer<typeof CreateQuestionInput>;

export const CreateAnswerInput = z.object({
  qid: z.number().int().positive(),
  text: textWithLinks(questionMessages.answerEmpty),
  sendKey: postSendKeySchema.optional(),
});
export type CreateAnswerInput = z.infer<typeof CreateAnswerInput>;

export const CreateCommentInput = z.object({
  id: z.number().int().positive(),
  type: z.enum(['question', 'answer']),
  text: userText(COMMENT_MAX, {
    empty: questionMessages.commentEmpty,
    tooLong: questionMessages.commentTooLong,
  }),
  sendKey: postSendKeySchema.optional(),
});
export type CreateCommentInput = z.infer<typeof CreateCommentInput>;

export const ListQuestionsInput = z.object({
  order: z.enum(QUESTION_ORDERS).default('newest'),
  search: z.string().trim().max(SEARCH_MAX).optional(),
  tag: z.string().trim().max(TAG_NAME_MAX).optional(),
  cursor: z.string().max(100).nullish(),
  limit: z.number().int().min(1).max(100).default(QUESTIONS_PAGE_SIZE),
});
export type ListQuestionsInput = z.input<typeof ListQuestionsInput>;

/** The original client's unpaged list: every question's id in an order, search and tag. */
export const ListQuestionIdsInput = ListQuestionsInput.pick({
  order: true,
  search: true,
  tag: true,
});
/** Whole questions by id, a bounded number at a time. */
export const QUESTIONS_IN_FULL_MAX = 500;
export const questionsInFullMessages = {
  tooMany: `At most ${QUESTIONS_IN_FULL_MAX} questions can be read at once.`,
} as const;
export const QuestionsInFullInput = z.object({
  qids: z
    .array(z.number().int().positive())
    .max(QUESTIONS_IN_FULL_MAX, questionsInFullMessages.tooMany),
});

/** SPEC §4: the count shown for a question's votes is its upvotes minus its downvotes. */
export const voteScore = (upVoteCount: number, downVoteCount: number): number =>
  upVoteCount - downVoteCount;

export const VoteInput = z.object({
  qid: z.number().int().positive(),
  vote: z.enum(['up', 'down']),
});
export type VoteInput = z.infer<typeof VoteInput>;

export const QuestionIdInput = z.object({ qid: z.number().int().positive() });

export const TagNameInput = z.object({ name: z.string().trim().min(1).max(200) });

/** Resumable subscriptions: the id of the last event the client saw, if any. */
export const QuestionEventsInput = z.object({ lastEventId: z.string().nullish() });
export const QuestionUpdatesInput = z.object({
  qid: z.number().int().positive(),
  lastEventId: z.string().nullish(),
});

/**
 * Search box text: `[tag]` tokens restrict by tag (lower-cased: tag names compare case-insensitively),
 * the other words match title or text. Words are split on anything that is not a letter or digit, as
 * the full-text index splits the stored text, so "node.js" searches for "node" and "js". Only the
 * first SEARCH_WORDS_MAX words count.
 */
export function parseSearch(search: string): { tags: string[]; words: string[] } {
  const tags: string[] = [];
  const rest = search.replace(/\[([^\]\s]+)\]/g, (_, tag: string) => {
    tags.push(tagKey(tag));
    return ' ';
  });
  const words = rest
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS_MAX);
  return { tags, words };
}

/** At most this many similar questions are suggested while asking. */
export const SIMILAR_QUESTIONS_MAX = 5;

export const SimilarQuestionsInput = z.object({ title: z.string().max(TITLE_MAX * 2) });
export type SimilarQuestionsInput = z.infer<typeof SimilarQuestionsInput>;

// Words nearly every question title has: they would make every question "similar".
const COMMON_WORDS = new Set(
  'a an and are as at be but by can do does for from get got how i if in into is it its me my not of on or so than that the their them then there these this to use using was what when where which while who why will with without you your'.split(
    ' ',
  ),
);

/**
 * The words of a title worth looking for among other questions: its words as search splits them,
 * without the most common English ones and one-letter words, each once, at most SEARCH_WORDS_MAX.
 */
export function similarityWords(title: string): string[] {
  const seen = new Set<string>();
  for (const word of title.split(/[^\p{L}\p{N}]+/u)) {
    const key = word.toLowerCase();
    if ([...key].length < 2 || COMMON_WORDS.has(key)) continue;
    seen.add(key);
    if (seen.size === SEARCH_WORDS_MAX) break;
  }
  return [...seen];
}
