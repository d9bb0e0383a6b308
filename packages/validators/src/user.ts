import { z } from 'zod';
import { newPassword } from './auth';
import { userText } from './text';

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
  password: newPassword(userMessages.resetMissing),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** The Reset Password form (SPEC §5): the server's ResetPasswordInput, and a matching confirmation. */
export const ResetPasswordForm = ResetPasswordInput.extend({
  confirmPassword: z.string().trim().min(1, userMessages.resetMissing),
}).refine((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  message: userMessages.resetMismatch,
});

/** SPEC §5's users filter: a case-sensitive substring match on the username ('' keeps everyone). */
export function usernameMatchesFilter(username: string, filter: string): boolean {
  return username.includes(filter);
}

/** A profile's questions or answers, a page at a time, newest first (cursor: the last id seen). */
export const PROFILE_PAGE_MAX = 50;

export const UserPostsInput = z.object({
  username: z.string().trim().min(1).max(100),
  cursor: z.number().int().positive().nullish(),
  limit: z.number().int().min(1).max(PROFILE_PAGE_MAX).default(20),
});
export type UserPostsInput = z.infer<typeof UserPostsInput>;

export const UserTagsInput = z.object({ username: z.string().trim().min(1).max(100) });
