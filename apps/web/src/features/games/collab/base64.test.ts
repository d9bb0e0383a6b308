import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64';

describe('base64', () => {
  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });

  it('gives standard base64, with padding', () => {
    const bytes = new TextEncoder().encode('hello, yjs!');
    expect(bytesToBase64(bytes)).toBe('aGVsbG8sIHlqcyE=');
    expect(bytesToBase64(new Uint8Array([1]))).toBe('AQ==');
  });

  it('encodes an empty update as an empty string', () => {
    expect(bytesToBase64(new Uint8Array())).toBe('');
    expect(base64ToBytes('')).toEqual(new Uint8Array());
  });

  it('handles updates larger than one slice', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });

  it('reads URL-safe base64 too', () => {
    const bytes = new Uint8Array([251, 255, 191]);
    expect(base64ToBytes('-_-_')).toEqual(bytes);
  });
});
