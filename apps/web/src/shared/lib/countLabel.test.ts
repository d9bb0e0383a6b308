import { describe, expect, it } from 'vitest';
import { countLabel } from './countLabel';

describe('a count', () => {
  it('pluralises counts', () => {
    expect(countLabel(1, 'question')).toBe('1 question');
    expect(countLabel(0, 'answer')).toBe('0 answers');
    expect(countLabel(12, 'view')).toBe('12 views');
  });
});
