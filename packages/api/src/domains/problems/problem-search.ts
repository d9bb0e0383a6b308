/**
 * What a problem search compares: title and text lower-cased by JavaScript, which folds every script
 * (SQLite's lower() and LIKE fold ASCII only). Stored with the problem as its search key.
 */
export const problemSearchKey = (title: string, problemText: string): string =>
  `${title}\n${problemText}`.toLowerCase();

/** The search box's text in the same form as the key. */
export const searchNeedle = (search: string): string => search.trim().toLowerCase();
