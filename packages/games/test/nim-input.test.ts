import { describe, expect, it } from 'vitest';
import { nimMoveFromInput } from '../src';

describe('the Nim move input (only 1 to 3)', () => {
  it.each(['1', '2', '3'])('accepts %s', (raw) => {
    expect(nimMoveFromInput(raw)).toBe(Number(raw));
  });

  it('uses the last typed digit', () => {
    expect(nimMoveFromInput('13')).toBe(3);
    expect(nimMoveFromInput('21')).toBe(1);
    expect(nimMoveFromInput('32')).toBe(2);
  });

  it('resets to 1 when empty', () => {
    expect(nimMoveFromInput('')).toBe(1);
    expect(nimMoveFromInput('  ')).toBe(1);
  });

  it('ignores a typed character that is not 1 to 3: the value already there stays', () => {
    expect(nimMoveFromInput('24')).toBe(2);
    expect(nimMoveFromInput('3a')).toBe(3);
    expect(nimMoveFromInput('2-')).toBe(2);
  });

  it('falls back to 1 when no digit 1 to 3 was typed', () => {
    expect(nimMoveFromInput('0')).toBe(1);
    expect(nimMoveFromInput('9')).toBe(1);
    expect(nimMoveFromInput('x')).toBe(1);
  });
});
