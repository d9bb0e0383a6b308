import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, isHttps } from './context';

const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

describe('every door reads the client the same way', () => {
  it('a direct client is its peer address, whatever it claims to be forwarded for', () => {
    expect(clientAddressOf(request('203.0.113.9', { 'x-forwarded-for': '1.1.1.1' }))).toBe(
      '203.0.113.9',
    );
  });

  it('behind a local proxy, the client is the nearest address the proxy forwarded for', () => {
    const proxied = request('127.0.0.1', { 'x-forwarded-for': '198.51.100.7, 10.1.1.1' });
    expect(clientAddressOf(proxied)).toBe('10.1.1.1');
    expect(clientAddressOf(request('::1', { 'x-forwarded-for': '198.51.100.7, 127.0.0.1' }))).toBe(
      '198.51.100.7',
    );
    expect(clientAddressOf(request('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('https is believed from a local proxy only', () => {
    expect(isHttps(request('127.0.0.1', { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isHttps(request('203.0.113.9', { 'x-forwarded-proto': 'https' }))).toBe(false);
    expect(isHttps(request('127.0.0.1'))).toBe(false);
  });
});
