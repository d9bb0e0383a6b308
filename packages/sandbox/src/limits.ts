import type { SandboxLimits } from './types';

const KiB = 1024;
const MiB = 1024 * KiB;

/** What a test gets when neither the pool nor the call says otherwise. */
export const DEFAULT_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  timeMs: 2000,
  memoryBytes: 64 * MiB,
  // QuickJS's own default: about 5,000 frames of a simple recursive function.
  stackBytes: 1 * MiB,
  outputBytes: 8 * KiB,
});

/** The range each limit is clamped to, so a caller cannot ask for an unbounded run. */
export const LIMIT_RANGES: Readonly<Record<keyof SandboxLimits, readonly [number, number]>> =
  Object.freeze({
    timeMs: [1, 60_000],
    memoryBytes: [4 * MiB, 1024 * MiB],
    stackBytes: [64 * KiB, 4 * MiB],
    outputBytes: [0, 1 * MiB],
  });

/**
 * Host (V8) stack bytes a worker gets per byte of QuickJS stack. QuickJS measures its stack on the
 * WebAssembly shadow stack, but every C frame also lives on the worker's native stack, which grows
 * faster (measured: a 1 MiB QuickJS stack needs up to ~32 MiB of native stack when parsing 100,000
 * nested brackets). With twice that margin QuickJS reports its own 'stack overflow' first.
 */
export const HOST_STACK_PER_GUEST_BYTE = 64;

function clamp(value: number | undefined, fallback: number, [min, max]: readonly [number, number]) {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/** Fills in and clamps limits: `base` (already complete) overridden by `overrides`. */
export function resolveLimits(
  base: SandboxLimits,
  overrides: Partial<SandboxLimits> = {},
): SandboxLimits {
  return {
    timeMs: clamp(overrides.timeMs, base.timeMs, LIMIT_RANGES.timeMs),
    memoryBytes: clamp(overrides.memoryBytes, base.memoryBytes, LIMIT_RANGES.memoryBytes),
    stackBytes: clamp(overrides.stackBytes, base.stackBytes, LIMIT_RANGES.stackBytes),
    outputBytes: clamp(overrides.outputBytes, base.outputBytes, LIMIT_RANGES.outputBytes),
  };
}

/** The native stack a worker needs so that `maxStackBytes` of QuickJS stack overflows cleanly. */
export function workerStackSizeMb(maxStackBytes: number): number {
  return Math.max(16, Math.ceil((maxStackBytes * HOST_STACK_PER_GUEST_BYTE) / MiB));
}
