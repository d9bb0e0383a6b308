import { z } from 'zod';
import { userText } from './text';

/** What the server says about the powers of moderators and the limits they set. */
export const moderationMessages = {
  /** A suspended user tries to write; the date is the day the suspension ends (UTC). */
  suspended: (until: Date) =>
    `Your account is suspended until ${until.toISOString().slice(0, 10)} (UTC). You can read, but not post, vote or edit until then.`,
  moderatorsOnly: 'Only moderators can do that.',
  /** The banner a suspended user sees on every page. */
  suspendedBanner: (until: Date, reason: string) =>
    `Your account is suspended until ${until.toISOString().slice(0, 10)} (UTC)${reason ? `: ${reason}` : '.'}`,
  flagNotFound: 'That post does not exist, or has been deleted.',
  flagOwnPost: 'You cannot flag your own post.',
  alreadyFlagged: 'You have already flagged this.',
  flagReceived: 'Thanks — your flag was received.',
  flagNoteTooLong: 'The reason can be at most 200 characters.',
  noFlagsPending: 'There are no pending flags on that item.',
  userNotFound: 'There is no user with that name.',
  notSuspended: 'That user is not suspended.',
  suspendDays: 'Suspend for 1 to 365 days.',
  suspendReasonEmpty: 'Please give a reason for the suspension.',
  suspendReasonTooLong: 'The reason can be at most 500 characters.',
  cannotSuspendModerator: 'A moderator cannot be suspended; revoke the role first.',
  questionNotFound: 'Question not found.',
  itemNotFound: 'That item does not exist.',
  hiddenNotice: 'Hidden by flags until a moderator looks.',
  flag: 'Flag',
  flagTitle: 'Flag this post',
  reviewEmpty: 'No flags waiting for review.',
} as const;

/** Why something is flagged: shown as the form's choices, stored as the key. */
export const FLAG_REASONS = ['spam', 'rude', 'moderator'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const flagReasonLabels: Record<FlagReason, string> = {
  spam: 'Spam',
  rude: 'Rude or abusive',
  moderator: 'Needs moderator attention',
};

/** What can be flagged: the table the id is of. */
export const FLAG_KINDS = [
  'question',
  'answer',
  'comment',
  'global_message',
  'chat_message',
  'problem',
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export const FLAG_NOTE_MAX = 200;
export const SUSPEND_REASON_MAX = 500;
export const SUSPEND_DAYS_MAX = 365;
/** Pending flags in one page of the review queue, and audit rows in one page of the log. */
export const REVIEW_PAGE_SIZE = 20;
export const LOG_PAGE_SIZE = 50;

const id = z.number().int().positive().max(2_147_483_647);
const item = { kind: z.enum(FLAG_KINDS), id };

export const FlagTargetInput = z.object(item);
export type FlagTargetInput = z.infer<typeof FlagTargetInput>;

export const CreateFlagInput = z.object({
  ...item,
  reason: z.enum(FLAG_REASONS),
  note: userText(FLAG_NOTE_MAX, { tooLong: moderationMessages.flagNoteTooLong }).default(''),
});
export type CreateFlagInput = z.input<typeof CreateFlagInput>;

/** A page of the viewer's own flags, or of the queue or log: `cursor` is the last id seen. */
export const ModerationPageInput = z.object({ cursor: id.nullish() }).default({ cursor: null });
export type ModerationPageInput = z.infer<typeof ModerationPageInput>;

export const SuspendInput = z.object({
  username: z.string().trim().min(1).max(100),
  days: z
    .number()
    .int(moderationMessages.suspendDays)
    .min(1, moderationMessages.suspendDays)
    .max(SUSPEND_DAYS_MAX, moderationMessages.suspendDays),
  reason: userText(SUSPEND_REASON_MAX, {
    empty: moderationMessages.suspendReasonEmpty,
    tooLong: moderationMessages.suspendReasonTooLong,
  }),
});
export type SuspendInput = z.input<typeof SuspendInput>;

export const ModerateUserInput = z.object({ username: z.string().trim().min(1).max(100) });
export type ModerateUserInput = z.infer<typeof ModerateUserInput>;
