// Runs in the Markdown worker: no imports, so the worker's chunk stays the parser and highlighter.

/** An address's host, lower-cased, without user info, port or a trailing dot ('' when it has none). */
function hostOf(address: string): string {
  const authority = address.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').split(/[/\\?#]/)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  let decoded = host;
  try {
    decoded = decodeURIComponent(host);
  } catch {
    // A stray '%': compared as written.
  }
  return decoded.toLowerCase().replace(/\.$/, '');
}

/** The host a link's text names when it reads as an address ('https://bank.example/a', 'bank.example'). */
function hostNamedBy(text: string): string | null {
  const trimmed = text.trim();
  if (/\s/.test(trimmed)) return null;
  // With a scheme, or a host-like start without one: 'bank.example', 'www.bank.example/login'.
  const named =
    /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ||
    /^[^\s/?#.@:]+(\.[^\s/?#.@:]+)*\.[a-z]{2,}(:\d+)?([/?#]|$)/i.test(trimmed);
  return named ? hostOf(trimmed) : null;
}

const siteOf = (host: string) => host.replace(/^www\./, '');

/**
 * True when a link's text reads as an address on another host than the one the link opens
 * ('[https://bank.example/login](https://evil.example/login)'): such a link is shown with its real
 * address instead of its text.
 */
export function isMisleadingLinkText(text: string, href: string): boolean {
  const named = hostNamedBy(text);
  return named !== null && siteOf(named) !== siteOf(hostOf(href));
}
