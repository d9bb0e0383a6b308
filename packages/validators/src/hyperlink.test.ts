import { describe, expect, it } from 'vitest';
import {
  hasValidHyperlinks,
  hyperlinkMessages,
  invalidLinkReasons,
  splitHyperlinks,
} from './hyperlink';

describe('hyperlinks [text](https://…)', () => {
  it('accepts text without links and well-formed https links', () => {
    expect(hasValidHyperlinks('plain text')).toBe(true);
    expect(hasValidHyperlinks('see [the docs](https://example.com/a?b=c) now')).toBe(true);
  });

  it('rejects an empty text, an empty URL, http:// and a bare https://', () => {
    expect(hasValidHyperlinks('[](https://example.com)')).toBe(false);
    expect(hasValidHyperlinks('[docs]()')).toBe(false);
    expect(hasValidHyperlinks('[docs](http://example.com)')).toBe(false);
    expect(hasValidHyperlinks('[docs](https://)')).toBe(false);
    expect(hasValidHyperlinks('[docs](javascript:alert(1))')).toBe(false);
  });

  it('rejects a URL with spaces in it', () => {
    expect(hasValidHyperlinks('[a]( https://x.io)')).toBe(false);
    expect(hasValidHyperlinks('[a](https://bad url)')).toBe(false);
  });

  it('splits text into plain parts and links', () => {
    expect(splitHyperlinks('a [b](https://x.io) c')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'link', text: 'b', href: 'https://x.io' },
      { kind: 'text', text: ' c' },
    ]);
  });

  it('leaves an invalid link as plain text', () => {
    expect(splitHyperlinks('[b](javascript:alert(1))')).toEqual([
      { kind: 'text', text: '[b](javascript:alert(1))' },
    ]);
  });
});

describe('the invalid-link message (SPEC §5)', () => {
  it("says the spec's sentence first, then that links must start with https://", () => {
    expect(hyperlinkMessages.invalid.startsWith('Invalid hyperlink format. ')).toBe(true);
    expect(hyperlinkMessages.invalid).toContain('Links must start with https://');
  });

  it('says for each link that is not one why not, as the preview shows it', () => {
    expect(
      invalidLinkReasons(
        'ok [a](https://x.io), [b](http://x.io), [](https://x.io), [c](https://), [d](https://x y)',
      ),
    ).toEqual([
      '[b](http://x.io) is not a link: its address must start with https://.',
      '[](https://x.io) is not a link: it needs text between the brackets.',
      '[c](https://) is not a link: it needs an address after https://.',
      '[d](https://x y) is not a link: its address cannot contain spaces.',
    ]);
    expect(invalidLinkReasons('see [docs](https://example.com)')).toEqual([]);
  });
});
