import { describe, expect, it } from 'vitest';
import { authMessages, checkAuthForm, SignupInput } from './auth';
import { checkPasswordReset, matchesUsernameFilter, userMessages } from './user';

describe('login and signup form checks (SPEC §5)', () => {
  it("asks for both fields after trimming: 'Please enter a username and password'", () => {
    expect(checkAuthForm({ username: '  ', password: 'x' })).toBe(authMessages.missingCredentials);
    expect(checkAuthForm({ username: 'alice', password: '   ' })).toBe(
      authMessages.missingCredentials,
    );
    expect(checkAuthForm({ username: ' alice ', password: ' secret ' })).toBeNull();
  });

  it("signup needs matching passwords: 'Passwords do not match'", () => {
    expect(checkAuthForm({ username: 'a', password: 'one', confirmPassword: 'two' })).toBe(
      authMessages.passwordsDoNotMatch,
    );
    expect(
      checkAuthForm({ username: 'a', password: 'same', confirmPassword: ' same ' }),
    ).toBeNull();
  });

  it('the server trims the username and checks its characters', () => {
    expect(SignupInput.parse({ username: ' alice ', password: 'password123' }).username).toBe(
      'alice',
    );
    expect(SignupInput.safeParse({ username: 'a b', password: 'password123' }).success).toBe(false);
  });
});

describe('password reset form checks', () => {
  it("needs both fields: 'Please enter and confirm your new password.'", () => {
    expect(checkPasswordReset('', 'x')).toBe(userMessages.resetMissing);
  });
  it("needs them equal: 'Passwords do not match.'", () => {
    expect(checkPasswordReset('abcdefgh', 'abcdefgi')).toBe(userMessages.resetMismatch);
    expect(checkPasswordReset('abcdefgh', 'abcdefgh')).toBeNull();
  });
});

describe('users filter', () => {
  it('is a case-sensitive substring match', () => {
    expect(matchesUsernameFilter('Alice', 'lic')).toBe(true);
    expect(matchesUsernameFilter('Alice', 'ali')).toBe(false);
  });
});
