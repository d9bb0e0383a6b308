import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorCode, errorMessage, GENERIC_ERROR, NETWORK_ERROR, prefixedError } from './errors';

describe('errorMessage', () => {
  it('uses the message of an Error', () => {
    expect(errorMessage(new Error('Incorrect username or password'))).toBe(
      'Incorrect username or password',
    );
  });
  it('maps browser network failures to a sentence', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
  });
  it('never shows raw objects', () => {
    expect(errorMessage({ code: 1 })).toBe(GENERIC_ERROR);
    expect(errorMessage(new Error('[{"code":"too_small"}]'))).toBe(GENERIC_ERROR);
    expect(errorMessage(null, 'Fallback.')).toBe('Fallback.');
  });
});

describe('prefixedError', () => {
  it('appends the reason', () => {
    expect(
      prefixedError('Error while logging in', new Error('Incorrect username or password')),
    ).toBe('Error while logging in: Incorrect username or password');
  });
  it('keeps only the prefix without a reason', () => {
    expect(prefixedError('Error while signing up', undefined)).toBe('Error while signing up');
  });
  it('supports another separator', () => {
    expect(prefixedError('Failed to reset password.', new Error('Too short.'), ' ')).toBe(
      'Failed to reset password. Too short.',
    );
  });
});

describe('errorCode', () => {
  const failed = (code: string) =>
    new TRPCClientError('Question not found.', {
      result: { error: { code: -32004, message: 'Question not found.', data: { code } } },
    });

  it("reads the server's code of a failed call (a missing question, a lost session)", () => {
    expect(errorCode(failed('NOT_FOUND'))).toBe('NOT_FOUND');
    expect(errorCode(failed('UNAUTHORIZED'))).toBe('UNAUTHORIZED');
  });

  it('has none for a failure that never reached the server or any other error', () => {
    expect(errorCode(new TRPCClientError('Failed to fetch'))).toBeNull();
    expect(errorCode(new Error('NOT_FOUND'))).toBeNull();
    expect(errorCode({ data: { code: 'NOT_FOUND' } })).toBeNull();
  });
});
