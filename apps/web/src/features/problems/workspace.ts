import {
  acceptancePercent,
  difficultyLabels,
  problemMessages,
  type ProblemDifficulty,
} from '@app/validators';
import { formatKb, formatMs } from './testResults';

/** Issue 24: at this width and wider the attempt page is a two-pane workspace; narrower, tabs. */
export const WORKSPACE_MIN_WIDTH = 1024;
export type WorkspaceLayout = 'split' | 'tabs';
export const layoutFor = (width: number): WorkspaceLayout =>
  width >= WORKSPACE_MIN_WIDTH ? 'split' : 'tabs';

/** The phone layout's tabs, in order. */
export const WORKSPACE_TABS = ['Description', 'Code', 'Results'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

/** The divider: the left pane's share of the width, in percent, kept between these bounds. */
export const SPLIT_MIN = 25;
export const SPLIT_MAX = 70;
export const SPLIT_DEFAULT = 42;
const SPLIT_STEP = 5;

export const clampSplit = (percent: number): number =>
  Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(percent)));

/**
 * The divider's keys (a separator, WAI-ARIA): arrows move it a step, Home and End to its bounds;
 * null for any other key (left to the browser).
 */
export function splitAfterKey(percent: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampSplit(percent - SPLIT_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampSplit(percent + SPLIT_STEP);
    case 'Home':
      return SPLIT_MIN;
    case 'End':
      return SPLIT_MAX;
    default:
      return null;
  }
}

/** The workspace's shortcuts: Ctrl/Cmd+Enter runs the tests, Ctrl/Cmd+Shift+Enter submits. */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'run' | 'submit' | null {
  if (event.key !== 'Enter' || event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  return event.shiftKey ? 'submit' : 'run';
}

/** The key a shortcut hint names: ⌘ on Apple systems, Ctrl elsewhere. */
export const modifierKeyName = (platform: string): string =>
  /mac|iphone|ipad/i.test(platform) ? '⌘' : 'Ctrl';

/** A run time for people: milliseconds to the microsecond, '0.084 ms' (the leaderboard's too). */
export const runTimeText = (nanos: number): string => `${formatMs(nanos)} ms`;
export const heapText = (bytes: number): string => `${formatKb(bytes)} kB`;

/** The verdict panel's two standings. */
export function standingLines(standing: { fasterThan: number; lessMemoryThan: number }): {
  runTime: string;
  heap: string;
} {
  return {
    runTime: problemMessages.fasterThan(standing.fasterThan),
    heap: problemMessages.lessMemoryThan(standing.lessMemoryThan),
  };
}

/** A card's or page's counts: '12 submissions · 75% accepted', or 'No submissions yet'. */
export function submissionsText(counts: { submitCount: number; acceptedCount: number }): string {
  const percent = acceptancePercent(counts.acceptedCount, counts.submitCount);
  if (percent === null) return problemMessages.noSubmissions;
  return `${problemMessages.submissionCount(counts.submitCount)} · ${problemMessages.acceptanceRate(percent)}`;
}

export const difficultyText = (difficulty: ProblemDifficulty): string =>
  difficultyLabels[difficulty];

/** The topics an author typed in one box: words split on commas or spaces, lower-cased. */
export const topicsFromText = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
