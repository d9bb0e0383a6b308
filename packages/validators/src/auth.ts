import { z } from 'zod';

export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const authMessages = {
  missingCredentials: 'Please enter a username and password',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidUsername: `Usernames are 1 to ${USERNAME_MAX} characters: letters, digits, '_', '-' or '.', with at least one letter or digit`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password cannot be more than ${PASSWORD_MAX} characters`,
  usernameTaken: 'That username is taken. Please choose another one.',
  invalidCredentials: 'Incorrect username or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  notSignedIn: 'Please sign in to continue.',
  /** A request that names another user as the one acting (the original client sends the name). */
  notYourself: 'You can only act as yourself.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

// At least one letter or digit: names like '.' or '..' would make /user/.. point elsewhere.
const USERNAME_PATTERN = /^(?=.*[A-Za-z0-9])[A-Za-z0-9_.-]+$/;

/** Trimmed, non-empty username with the server's character rules. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, authMessages.missingCredentials)
  .max(USERNAME_MAX, authMessages.invalidUsername)
  .regex(USERNAME_PATTERN, authMessages.invalidUsername);

/** A new password, trimmed, with the server's length rules; `emptyMessage` is said of a blank one. */
export const newPassword = (emptyMessage: string) =>
  z
    .string()
    .trim()
    .min(1, emptyMessage)
    .min(PASSWORD_MIN, authMessages.passwordTooShort)
    .max(PASSWORD_MAX, authMessages.passwordTooLong);

export const newPasswordSchema = newPassword(authMessages.missingCredentials);

// Over-long fields cannot belong to any account: they get the usual answer without the slow check.
export const LoginInput = z.object({
  username: z
    .string()
    .trim()
    .min(1, authMessages.missingCredentials)
    .max(USERNAME_MAX, authMessages.invalidCredentials),
  password: z
    .string()
    .trim()
    .min(1, authMessages.missingCredentials)
    .max(PASSWORD_MAX, authMessages.invalidCredentials),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const SignupInput = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
});
export type SignupInput = z.infer<typeof SignupInput>;

/** The Signup form (SPEC §5): the server's SignupInput, and a confirmation equal to the password. */
export const SignupForm = SignupInput.extend({ confirmPassword: z.string().trim() }).refine(
  (form) => form.password === form.confirmPassword,
  { path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch },
);
