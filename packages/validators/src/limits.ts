/**
 * What the server says when a limit is reached (TOO_MANY_REQUESTS / 429) or a live connection is
 * refused. Each sentence names what was limited and what to do; the numbers are settings, so the
 * sentences give none.
 */
export const limitMessages = {
  signups: 'Too many accounts have been created from your network. Please try again later.',
  questions: 'You are asking questions too fast. Please wait a while before asking another.',
  answers: 'You are posting answers too fast. Please wait a few minutes and try again.',
  comments: 'You are commenting too fast. Please wait a few minutes and try again.',
  edits: 'You are editing posts too fast. Please wait a few minutes and try again.',
  votes: 'You are voting too fast. Please wait a few minutes and try again.',
  views: 'You are opening questions too fast. Please wait a moment and try again.',
  biographies: 'You have changed your biography too often. Please try again later.',
  passwordResets: 'You have changed your password too often. Please try again later.',
  newTags: 'You have created too many new tags. Please use existing tags or try again later.',
  chats: 'You are starting chats too fast. Please try again later.',
  chatParticipants: 'You are adding people to chats too fast. Please try again later.',
  chatReads: 'Too many requests to mark chats read. Please wait a moment and try again.',
  games: 'You are creating games too fast. Please wait a few minutes and try again.',
  gameSeats: 'You are joining and leaving games too fast. Please wait a moment and try again.',
  gameMoves: 'You are moving too fast. Please wait a moment and try again.',
  codeEdits: 'You are sending code changes too fast. Please wait a moment and try again.',
  presence: 'Your cursor updates are arriving too fast. Please wait a moment.',
  problems: 'You are creating problems too fast. Please try again later.',
  drafts: 'Your code is being saved too often. Please wait a moment.',
  flags: 'You are flagging too fast. Please try again later.',
} as const;

/** WebSocket close reasons and refusals (a close reason must stay under 123 bytes). */
export const connectionMessages = {
  tooManyForSession: 'Too many live connections are open for this session. Close a tab and reload.',
  tooManyForAddress:
    'Too many live connections are open from your network. Please try again later.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  tooManySubscriptions:
    'Too many live updates are open on this connection. Please reload the page.',
  /** An action whose answer did not come within its time (a frozen or unreachable server). */
  noAnswer: 'The server did not answer in time. Please try again.',
} as const;
