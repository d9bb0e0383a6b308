import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Cast } from './demo-cast';

/** One write of the demo's story: what happened `ago` milliseconds before the seed ran. */
export interface StoryStep {
  ago: number;
  write(cast: Cast): Promise<unknown>;
}

/** The real milliseconds one step's write took, and the story time it stands for. */
export interface StorySpan {
  from: number;
  to: number;
  at: number;
}

/**
 * Makes each step's write through the procedures, oldest story time first, one at a time, and
 * records the span of real time each took with its story time, for ageDemoContent. Story times only
 * increase (two at one moment are set a millisecond apart) and each span starts on a later
 * millisecond than the one before, so every time the API stamps belongs to exactly one step.
 */
export async function tellStory(
  steps: readonly StoryStep[],
  cast: Cast,
  now: number,
  spans: StorySpan[],
): Promise<void> {
  // The story happened before the seed: its times are all earlier than any time the API stamps.
  const ordered = steps
    .map((step) => ({ step, at: Math.min(now - step.ago, now - 1) }))
    .sort((a, b) => a.at - b.at);
  let lastAt = -Infinity;
  for (const { step, at } of ordered) {
    const previous = spans.at(-1);
    // The next millisecond is at most one away: a timer would wait a whole one or more (each of
    // the demo's ~85 steps), turns of the event loop wait only for what is left of it.
    while (previous && Date.now() <= previous.to) await nextTurn();
    const from = Date.now();
    await step.write(cast);
    lastAt = Math.max(at, lastAt + 1);
    spans.push({ from, to: Date.now(), at: lastAt });
  }
}

/** The story time of a time the API stamped during the story: that of the step whose span holds it. */
export function storyTimeOf(spans: readonly StorySpan[], time: number): number {
  let found = spans[0]?.at ?? time;
  for (const span of spans) {
    if (span.from > time) break;
    found = span.at;
  }
  return found;
}
