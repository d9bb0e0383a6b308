/** What the server says about the powers of moderators and the limits they set. */
export const moderationMessages = {
  /** A suspended user tries to write; the date is the day the suspension ends (UTC). */
  suspended: (until: Date) =>
    `Your account is suspended until ${until.toISOString().slice(0, 10)} (UTC). You can read, but not post, vote or edit until then.`,
  moderatorsOnly: 'Only moderators can do that.',
} as const;
