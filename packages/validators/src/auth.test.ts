import { describe, expect, it } from 'vitest';
import { authMessages, LoginInput, SignupForm, SignupInput } from './auth';
import { formError, formErrors } from './form';
import { ResetPasswordForm, ResetPasswordInput, usernameMatchesFilter, userMessages } from './user';

const loginForm = (username: string, password: string) =>
  formError(LoginInput, { username, password });
const signupForm = (username: string, password: string, confirmPassword: string) =>
  formError(SignupForm, { username, password, confirmPassword });
const resetForm = (password: string, confirmPassword: string) =>
  formError(ResetPasswordForm, { username: 'alice', password, confirmPassword });

describe('login and signup form checks (SPEC §5)', () => {
  it("asks for both fields after trimming: 'Please enter a username and password'", () => {
    expect(loginForm('  ', 'x')).toBe('Please enter a username and password');
    expect(loginForm('alice', '   ')).toBe(authMessages.missingCredentials);
    expect(signupForm('', '', '')).toBe(authMessages.missingCredentials);
    expect(loginForm(' alice ', ' secret ')).toBeNull();
  });

  it("signup needs matching passwords: 'Passwords do not match'", () => {
    expect(signupForm('a', 'password123', 'password124')).toBe('Passwords do not match');
    expect(formErrors(SignupForm, { username: 'a', password: 'p', confirmPassword: 'q' })).toEqual({
      password: authMessages.passwordTooShort,
      confirmPassword: authMessages.passwordsDoNotMatch,
    });
    expect(signupForm('a', 'password123', ' password123 ')).toBeNull();
  });

  it("the signup form refuses what the server refuses, in the server's words", () => {
    expect(signupForm('a b', 'password123', 'password123')).toBe(authMessages.invalidUsername);
    expect(signupForm('a', 'short', 'short')).toBe('Password must be at least 8 characters');
    expect(signupForm('a'.repeat(31), 'password123', 'password123')).toBe(
      SignupInput.safeParse({ username: 'a'.repeat(31), password: 'password123' }).error?.issues[0]
        ?.message,
    );
  });

  it('the login form says of an over-long field what the server says', () => {
    const username = 'a'.repeat(31);
    expect(loginForm(username, 'x')).toBe(authMessages.invalidCredentials);
    expect(loginForm(username, 'x')).toBe(
      LoginInput.safeParse({ username, password: 'x' }).error?.issues[0]?.message,
    );
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
    expect(resetForm('', 'x')).toBe('Please enter and confirm your new password.');
    expect(resetForm('abcdefgh', '  ')).toBe(userMessages.resetMissing);
    expect(
      ResetPasswordInput.safeParse({ username: 'a', password: ' ' }).error?.issues[0]?.message,
    ).toBe(userMessages.resetMissing);
  });
  it("needs them equal: 'Passwords do not match.'", () => {
    expect(resetForm('abcdefgh', 'abcdefgi')).toBe('Passwords do not match.');
    expect(resetForm('abcdefgh', 'abcdefgh')).toBeNull();
  });
  it("refuses a short new password with the server's message", () => {
    expect(resetForm('short', 'short')).toBe(authMessages.passwordTooShort);
  });
});

describe('users filter (SPEC §5)', () => {
  it('is a case-sensitive substring match on username', () => {
    expect(usernameMatchesFilter('Alice', 'lic')).toBe(true);
    expect(usernameMatchesFilter('Alice', 'Alice')).toBe(true);
    expect(usernameMatchesFilter('Alice', 'ali')).toBe(false);
    expect(usernameMatchesFilter('Alice', 'alice')).toBe(false);
  });
  it('keeps every user when the filter is empty', () => {
    expect(usernameMatchesFilter('Alice', '')).toBe(true);
  });
});
