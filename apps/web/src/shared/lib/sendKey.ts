/**
 * A fresh send key for one message or post: 128 random bits, base64url (works outside secure contexts
 * too). The server posts a key once, so a send that timed out can be sent again with its key safely.
 */
export function newSendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
