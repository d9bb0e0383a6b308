import { describe, expect, it } from 'vitest';
import { parseId } from './parseId';

describe('a route parameter', () => {
  it('parses ids (questions, answers, problems, submissions)', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of [undefined, '', '0', 'abc', '1.5', '-3', '12abc', '9999999999999999'])
      expect(parseId(bad)).toBeNull();
  });
});
