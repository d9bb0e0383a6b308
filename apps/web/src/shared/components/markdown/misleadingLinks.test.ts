import { describe, expect, it } from 'vitest';
import { isMisleadingLinkText } from './misleadingLinks';

describe('links that lie: a text reading as an address on another host', () => {
  it('is misleading when the text names another host than the link opens', () => {
    expect(isMisleadingLinkText('https://bank.example/login', 'https://evil.example/login')).toBe(
      true,
    );
    expect(isMisleadingLinkText('bank.example', 'https://evil.example/')).toBe(true);
    expect(isMisleadingLinkText('www.bank.example/login', 'https://evil.example/')).toBe(true);
    expect(isMisleadingLinkText('https://bank.example', 'https://bank.example.evil.example/')).toBe(
      true,
    );
    expect(isMisleadingLinkText('https://bank.example', 'https://bank.example@evil.example/')).toBe(
      true,
    );
  });

  it('is not misleading when the text names the same host, or is not an address', () => {
    expect(isMisleadingLinkText('https://bank.example/login', 'https://bank.example/other')).toBe(
      false,
    );
    expect(isMisleadingLinkText('BANK.example', 'https://www.bank.example/')).toBe(false);
    expect(isMisleadingLinkText('https://user@bank.example:8443/a', 'https://bank.example/')).toBe(
      false,
    );
    expect(isMisleadingLinkText('the docs', 'https://evil.example/')).toBe(false);
    expect(isMisleadingLinkText('see bank.example here', 'https://evil.example/')).toBe(false);
  });
});
