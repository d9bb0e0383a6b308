// Yjs updates travel as base64 text inside tRPC's JSON. Plain btoa/atob (no lib0), so these helpers
// stay out of the lazily loaded editor chunk's dependencies and the main bundle does not grow.

/** Bytes as standard base64 (with padding). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode(...bytes) overflows the call stack for large updates.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Standard or URL-safe base64 back to bytes. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
