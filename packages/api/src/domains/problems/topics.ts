import type { ProblemDifficulty } from '@app/validators';

// A problem's topics are kept as one string with a space either side of each, ' graphs sorting ',
// so a filter is one LIKE '% graphs %' (topics are slugs: no space, no LIKE wildcard in them).

/** The stored form of a problem's topics ('' for none). */
export const storedTopics = (topics: readonly string[]): string =>
  topics.length === 0 ? '' : ` ${topics.join(' ')} `;

/** The topics of their stored form, in the author's order. */
export const topicsOf = (stored: string): string[] => stored.split(' ').filter(Boolean);

/** The LIKE pattern of a topic filter. */
export const topicPattern = (topic: string): string => `% ${topic} %`;

/** The stored difficulty, as the validators name it (the column holds nothing else). */
export const difficultyOf = (stored: string): ProblemDifficulty =>
  stored === 'medium' || stored === 'hard' ? stored : 'easy';
