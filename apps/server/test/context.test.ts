import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, isHttps, proxyTrust } from '../src/http/context';
import { trustProxyFrom } from '../src/ops/config';

const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

describe('every door reads the client the same way', () => {
  it('a direct client is its peer address, whatever it claims to be forwarded for', () => {
    expect(clientAddressOf(request('203.0.113.9', { 'x-forwarded-for': '1.1.1.1' }))).toBe(
      '203.0.113.9',
    );
  });

  it('with TRUST_PROXY unset (the default) even a local peer cannot say who the client is', () => {
    const claims = { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' };
    expect(clientAddressOf(request('127.0.0.1', claims))).toBe('127.0.0.1');
    expect(clientAddressOf(request('::ffff:127.0.0.1', claims))).toBe('127.0.0.1');
    expect(isHttps(request('127.0.0.1', claims))).toBe(false);
  });

  it('behind a trusted proxy, the client is the nearest address that is not a trusted proxy', () => {
    const trust = proxyTrust(['127.0.0.1', '10.1.1.1']);
    const proxied = request('127.0.0.1', { 'x-forwarded-for': '198.51.100.7, 10.1.1.1' });
    expect(clientAddressOf(proxied, trust)).toBe('198.51.100.7');
    // Whatever the client wrote left of that is its own invention.
    const spoofed = request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.7' });
    expect(clientAddressOf(spoofed, trust)).toBe('198.51.100.7');
    expect(clientAddressOf(request('::ffff:127.0.0.1', {}), trust)).toBe('127.0.0.1');
    expect(clientAddressOf(request('127.0.0.1', { 'x-forwarded-for': 'junk' }), trust)).toBe(
      '127.0.0.1',
    );
    // Another local peer is not the proxy that was named.
    const other = request('127.0.0.2', { 'x-forwarded-for': '198.51.100.7' });
    expect(clientAddressOf(other, trust)).toBe('127.0.0.2');
  });

  it('`loopback` trusts any address on this machine', () => {
    const trust = proxyTrust(['loopback']);
    for (const peer of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect(clientAddressOf(request(peer, { 'x-forwarded-for': '198.51.100.7' }), trust)).toBe(
        '198.51.100.7',
      );
    }
    expect(clientAddressOf(request('10.0.0.1', { 'x-forwarded-for': '1.1.1.1' }), trust)).toBe(
      '10.0.0.1',
    );
  });

  it('https is believed from a trusted proxy only', () => {
    const trust = proxyTrust(['127.0.0.1']);
    expect(isHttps(request('127.0.0.1', { 'x-forwarded-proto': 'https' }), trust)).toBe(true);
    expect(isHttps(request('203.0.113.9', { 'x-forwarded-proto': 'https' }), trust)).toBe(false);
    expect(isHttps(request('127.0.0.1'), trust)).toBe(false);
  });

  it('TRUST_PROXY reads IP addresses or `loopback`, and refuses anything else', () => {
    expect(trustProxyFrom(undefined)).toEqual([]);
    expect(trustProxyFrom(' 127.0.0.1, ::1 ,loopback')).toEqual(['127.0.0.1', '::1', 'loopback']);
    expect(() => trustProxyFrom('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});
