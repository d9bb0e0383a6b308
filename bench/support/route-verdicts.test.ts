import { describe, expect, it } from 'vitest';
import type { BenchRoute } from './bench-route';
import type { Round } from './load';
import { verdictOf, type Measured } from './route-verdicts';

const round = (rps: number, p99 = 10, errors = 0): Round => ({
  rps,
  p50: p99 / 2,
  p99,
  max: p99,
  errors,
});
const hello = round(10_000);
const route = (fields: Partial<BenchRoute>): BenchRoute => ({
  part: 'tRPC write',
  name: 'question.vote',
  varies: true,
  next: () => ({ method: 'GET', path: '/', headers: {} }),
  ...fields,
});
const row = (fields: Partial<BenchRoute>, result: Round): Measured => ({
  route: route(fields),
  result,
  hello,
});

describe('a write with a target', () => {
  const target = { ratio: 0.05, p99: 50 };

  it('is met at its ratio of bare node:http with p99 under its bound', () => {
    const measured = row({ target }, round(500, 49));
    expect(verdictOf(measured, [measured])).toMatchObject({ ratio: 0.05, pass: true });
  });

  it('is missed below the ratio, at the p99 bound, or with any error', () => {
    for (const result of [round(499, 10), round(600, 50), round(600, 10, 1)]) {
      const measured = row({ target }, result);
      expect(verdictOf(measured, [measured]).pass).toBe(false);
    }
  });
});

describe('a REST route', () => {
  const twin = row({ name: 'comment.create' }, round(1000));

  it('is met at 80% of its tRPC twin’s req/s or more', () => {
    const rest = row(
      { part: 'REST write', name: 'addComment', twin: 'comment.create' },
      round(800),
    );
    expect(verdictOf(rest, [twin, rest])).toMatchObject({ twinShare: 0.8, pass: true });
  });

  it('is missed below 80% of its twin, or with errors', () => {
    const slow = row({ part: 'REST write', name: 'a', twin: 'comment.create' }, round(799));
    const failing = row(
      { part: 'REST write', name: 'b', twin: 'comment.create' },
      round(900, 5, 2),
    );
    expect(verdictOf(slow, [twin, slow]).pass).toBe(false);
    expect(verdictOf(failing, [twin, failing]).pass).toBe(false);
  });
});

it('a route without a target or twin is held to no errors', () => {
  expect(verdictOf(row({}, round(1, 900)), []).pass).toBe(true);
  expect(verdictOf(row({}, round(1000, 1, 1)), []).pass).toBe(false);
});
