import { z } from 'zod';
import { newPasswordSchema } from './auth';
import { textProblem, userText } from './text';

export const BIOGRAPHY_MAX = 2000;

export const userMessages = {
  notFound: 'User not found',
  notOwner: 'You can only change your own profile.',
  biographyTooLong: `Biography cannot be more than ${BIOGRAPHY_MAX} characters`,
  resetMissing: 'Please enter and confirm your new password.',
  resetMismatch: 'Passwords do not match.',
  fetchFailed: 'Error fetching user profile',
  resetFailed: 'Failed to reset password.',
  biographyFailed: 'Failed to update biography.',
  deleteFailed: 'Failed to delete user.',
  resetDone: 'Password reset successful!',
  biographyDone: 'Biography updated!',
  deleted: (username: string) => `User "${username}" deleted successfully.`,
  deleteConfirm: (username: string) =>
    `Are you sure you want to delete user ${username}? This action cannot be undone.`,
  noBiography: 'No biography yet.',
  noData: 'No user data found. Make sure the username parameter is correct.',
} as const;

export const UsernameInput = z.object({ username: z.string().trim().min(1) });

export const UpdateBiographyInput = z.object({
  username: z.string().trim().min(1),
  biography: userText(BIOGRAPHY_MAX, { tooLong: userMessages.biographyTooLong }),
});
export type UpdateBiographyInput = z.infer<typeof UpdateBiographyInput>;

export const ResetPasswordInput = z.object({
  username: z.string().trim().min(1),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** The biography editor's check: the first problem or null. */
export function checkBiography(biography: string): string | null {
  return textProblem(biography, BIOGRAPHY_MAX, { tooLong: userMessages.biographyTooLong });
}

/** The Reset Password form's checks (SPEC §5). */
export function checkPasswordReset(password: string, confirm: string): string | null {
  if (!password.trim() || !confirm.trim()) return userMessages.resetMissing;
  if (password !== confirm) return userMessages.resetMismatch;
  return null;
}

/** SPEC §5: the users filter is a case-sensitive substring match on the username. */
export function matchesUsernameFilter(username: string, filter: string): boolean {
  return username.includes(filter);
}
