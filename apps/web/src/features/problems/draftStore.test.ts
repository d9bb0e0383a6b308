import { describe, expect, it } from 'vitest';
import { chooseDraft } from './draftStore';

describe('the attempt editor opens with (issue 24: your code is never lost)', () => {
  const starter = 'function f() {}';
  it('the starter code when nothing was kept', () => {
    expect(chooseDraft(null, null, starter)).toBe(starter);
  });
  it('this browser’s copy at once, before the server answers', () => {
    expect(chooseDraft({ code: 'local', savedAt: 5 }, null, starter)).toBe('local');
  });
  it('the server’s copy when it is newer (saved on another device)', () => {
    expect(
      chooseDraft(
        { code: 'local', savedAt: 5 },
        { code: 'server', updatedAt: new Date(9) },
        starter,
      ),
    ).toBe('server');
  });
  it('this browser’s copy when it is newer (the last save had not reached the server)', () => {
    expect(
      chooseDraft(
        { code: 'local', savedAt: 9 },
        { code: 'server', updatedAt: new Date(5) },
        starter,
      ),
    ).toBe('local');
  });
  it('an emptied editor stays empty', () => {
    expect(chooseDraft(null, { code: '', updatedAt: new Date(1) }, starter)).toBe('');
  });
});
