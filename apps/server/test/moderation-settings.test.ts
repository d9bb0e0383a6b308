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
