/**
 * The messages of an error and of the errors that caused it, outermost first: drizzle reports a
 * failed statement on PostgreSQL as 'Failed query: …', with the database's own error as its cause.
 */
export function messagesOf(error: unknown): string[] {
  return error instanceof Error ? [error.message, ...messagesOf(error.cause)] : [];
}
