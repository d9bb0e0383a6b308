import { TAG_NAME_MAX, TAGS_MAX } from './question';
import { charCount } from './text';

/**
 * What the ask and answer forms and the question list say beyond SPEC §2's own words: character
 * counters, drafts, the leave-with-unsaved question, tag suggestions, and the search heading and tips.
 */

/** The title's counter shows once this many characters are typed (of TITLE_MAX). */
export const TITLE_COUNTER_FROM = 70;
/** The text's counter shows this close to TEXT_MAX. */
export const TEXT_COUNTER_WITHIN = 3_000;
/** The tags' counter shows from this many tags (of TAGS_MAX). */
export const TAGS_COUNTER_FROM = TAGS_MAX - 1;
/** Tag suggestions shown at once. */
export const TAG_SUGGESTIONS_MAX = 6;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** '12 characters left', '1 character left', '3 characters too many'. */
export function charactersLeft(count: number, max: number): string {
  const left = max - count;
  return left >= 0 ? `${plural(left, 'character')} left` : `${plural(-left, 'character')} too many`;
}

/** The tags counter: the count against the limit, or the first tag that is too long. */
export function tagsCounterText(names: readonly string[], longest: string | null): string {
  if (longest !== null)
    return `“${longest}” is ${plural(charCount(longest) - TAG_NAME_MAX, 'character')} too long (at most ${TAG_NAME_MAX})`;
  if (names.length > TAGS_MAX) return `${plural(names.length, 'tag')}: at most ${TAGS_MAX}`;
  return `${names.length} of ${TAGS_MAX} tags`;
}

export const postFormMessages = {
  draftSaved: 'Draft saved in this browser',
  draftRestored: 'Your unposted draft was restored.',
  discardDraft: 'Discard draft',
  leaveTitle: 'Leave without posting?',
  leaveBody: 'What you typed is not posted yet. It stays saved as a draft in this browser.',
  stay: 'Stay',
  leave: 'Leave',
  tagSuggestions: 'Tag suggestions',
  tagSuggestionsHelp: 'Up and down arrows choose a suggested tag, Enter adds it.',
} as const;

/** A tag's question count in a suggestion: '1 question', '12 questions'. */
export const tagQuestionCount = (count: number): string => plural(count, 'question');

export const searchMessages = {
  tipsTitle: 'Search tips',
  tips: [
    'Use fewer or more general words.',
    'Check the spelling.',
    'Put a tag in brackets to search within it, e.g. [javascript] closures.',
  ],
  clearSearch: 'Clear search',
  allQuestions: 'Show all questions',
  tagAbout: 'About this tag',
} as const;

/** What follows SPEC §2's 'Search Results': what was searched. */
export const searchedFor = (search: string): string => `for “${search}”`;
/** SPEC §2's 'Search Results', followed by what was searched. */
export const searchResultsTitle = (search: string): string =>
  `Search Results ${searchedFor(search)}`;
