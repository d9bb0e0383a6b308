import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hideAfterFlagsFrom, loadConfig } from '../src/ops/config';
import { REPO_ROOT } from './support/repo-root';

describe('HIDE_AFTER_FLAGS', () => {
  it('reads a whole number from 1 to 1000; unset, the API’s default', () => {
    expect(hideAfterFlagsFrom(undefined)).toBeUndefined();
    expect(hideAfterFlagsFrom('')).toBeUndefined();
    expect(hideAfterFlagsFrom('5')).toBe(5);
    for (const bad of ['0', '1001', 'three', '2.5'])
      expect(() => hideAfterFlagsFrom(bad)).toThrow(
        `HIDE_AFTER_FLAGS must be a whole number from 1 to 1000, not "${bad}".`,
      );
    const config = loadConfig({ SESSION_SECRET: 's'.repeat(40), HIDE_AFTER_FLAGS: '2' }, REPO_ROOT);
    expect(config.hideAfterFlags).toBe(2);
  });

  it('is in the README’s settings table', () => {
    const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('| `HIDE_AFTER_FLAGS`');
  });
});

describe('CLOSE_VOTES_NEEDED and CLOSE_VOTE_REPUTATION', () => {
  it('read whole numbers within their bounds; unset, the API’s defaults', () => {
    const env = { SESSION_SECRET: 's'.repeat(40) };
    expect(loadConfig(env, REPO_ROOT)).toMatchObject({
      closeVotesNeeded: undefined,
      closeVoteReputation: undefined,
    });
    expect(
      loadConfig({ ...env, CLOSE_VOTES_NEEDED: '5', CLOSE_VOTE_REPUTATION: '3000' }, REPO_ROOT),
    ).toMatchObject({ closeVotesNeeded: 5, closeVoteReputation: 3000 });
    expect(() => loadConfig({ ...env, CLOSE_VOTES_NEEDED: '0' }, REPO_ROOT)).toThrow(
      'CLOSE_VOTES_NEEDED must be a whole number from 1 to 100, not "0".',
    );
    expect(() => loadConfig({ ...env, CLOSE_VOTE_REPUTATION: 'lots' }, REPO_ROOT)).toThrow(
      'CLOSE_VOTE_REPUTATION must be a whole number from 1 to 1,000,000, not "lots".',
    );
  });

  it('are in the README’s settings table', () => {
    const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('| `CLOSE_VOTES_NEEDED`');
    expect(readme).toContain('| `CLOSE_VOTE_REPUTATION`');
  });
});
