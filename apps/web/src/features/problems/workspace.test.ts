import { describe, expect, it } from 'vitest';
import {
  clampSplit,
  layoutFor,
  modifierKeyName,
  runTimeText,
  shortcutOf,
  splitAfterKey,
  SPLIT_MAX,
  SPLIT_MIN,
  standingLines,
  submissionsText,
  topicsFromText,
} from './workspace';

const key = (over: Partial<Parameters<typeof shortcutOf>[0]>) => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...over,
});

describe('the attempt workspace (issue 24)', () => {
  it('is two panes at 1024 px and wider, tabs below', () => {
    expect(layoutFor(1024)).toBe('split');
    expect(layoutFor(1280)).toBe('split');
    expect(layoutFor(1023)).toBe('tabs');
    expect(layoutFor(375)).toBe('tabs');
  });

  it('Ctrl/Cmd+Enter runs the tests, Ctrl/Cmd+Shift+Enter submits, anything else is left alone', () => {
    expect(shortcutOf(key({ ctrlKey: true }))).toBe('run');
    expect(shortcutOf(key({ metaKey: true }))).toBe('run');
    expect(shortcutOf(key({ ctrlKey: true, shiftKey: true }))).toBe('submit');
    expect(shortcutOf(key({ metaKey: true, shiftKey: true }))).toBe('submit');
    expect(shortcutOf(key({}))).toBeNull();
    expect(shortcutOf(key({ shiftKey: true }))).toBeNull();
    expect(shortcutOf(key({ ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(key({ key: 'a', ctrlKey: true }))).toBeNull();
  });

  it('names ⌘ on Apple systems and Ctrl elsewhere', () => {
    expect(modifierKeyName('MacIntel')).toBe('⌘');
    expect(modifierKeyName('iPhone')).toBe('⌘');
    expect(modifierKeyName('Linux x86_64')).toBe('Ctrl');
  });

  it('moves the divider a step with the arrows, to its bounds with Home and End, never past them', () => {
    expect(splitAfterKey(40, 'ArrowLeft')).toBe(35);
    expect(splitAfterKey(40, 'ArrowRight')).toBe(45);
    expect(splitAfterKey(40, 'Home')).toBe(SPLIT_MIN);
    expect(splitAfterKey(40, 'End')).toBe(SPLIT_MAX);
    expect(splitAfterKey(SPLIT_MIN, 'ArrowLeft')).toBe(SPLIT_MIN);
    expect(splitAfterKey(40, 'Tab')).toBeNull();
    expect(clampSplit(99)).toBe(SPLIT_MAX);
    expect(clampSplit(3)).toBe(SPLIT_MIN);
  });
});

describe('the verdict and the list’s counts (issue 24)', () => {
  it('says where a submission stands in words', () => {
    expect(standingLines({ fasterThan: 83, lessMemoryThan: 61 })).toEqual({
      runTime: 'faster than 83% of submissions',
      heap: 'uses less memory than 61% of submissions',
    });
  });

  it('shows run times in ms to the microsecond', () => {
    expect(runTimeText(84_000)).toBe('0.084 ms');
    expect(runTimeText(2_000_000)).toBe('2 ms');
  });

  it('counts submissions and the acceptance rate, with none yet said so', () => {
    expect(submissionsText({ submitCount: 4, acceptedCount: 3 })).toBe(
      '4 submissions · 75% accepted',
    );
    expect(submissionsText({ submitCount: 1, acceptedCount: 1 })).toBe(
      '1 submission · 100% accepted',
    );
    expect(submissionsText({ submitCount: 0, acceptedCount: 0 })).toBe('No submissions yet');
    expect(submissionsText({ submitCount: 3, acceptedCount: 0 })).toBe(
      '3 submissions · 0% accepted',
    );
  });

  it('reads the topics an author typed, split on commas or spaces', () => {
    expect(topicsFromText(' Arrays, two-pointers  math')).toEqual([
      'arrays',
      'two-pointers',
      'math',
    ]);
    expect(topicsFromText('')).toEqual([]);
  });
});
