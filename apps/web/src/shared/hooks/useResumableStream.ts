import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { restartReads, restartReadsUnderWay } from '../live/queryRestart';

/** Where one stream resumes from: the last event id it delivered on this page load. */
export interface ResumePoint {
  lastEventId: string | null;
}

/**
 * One resume point per key (a question, a game, a signed-in user), kept for the page load, so a
 * remounted screen resumes after the last event it saw instead of starting blind.
 */
export function keyedResumePoints<Key>(): (key: Key) => ResumePoint {
  const points = new Map<Key, ResumePoint>();
  return (key) => {
    let point = points.get(key);
    if (!point) {
      point = { lastEventId: null };
      points.set(key, point);
    }
    return point;
  };
}

/** One event of a resumable subscription, as tRPC hands it over: the bus's id and the payload. */
export interface StreamEvent<Data> {
  id: string;
  data: Data;
}

export interface ResumableStreamOptions<Data, Input extends object> {
  /** This stream's resume point (one per key: mount the screen with a fixed key). */
  resumePoint: ResumePoint;
  /** What the subscription is about besides the resume point (a question id, a game id). */
  input?: Input;
  /** The cached reads the stream keeps current. */
  reads: readonly QueryKey[];
  /**
   * A read under way when an event lands may predate it and put the older value back: 'restart' it,
   * restart only a 'first read' (nothing cached yet: onEvent restarts a patched read itself), or
   * 'leave' it to onEvent.
   */
  readsUnderWay: 'restart' | 'first read' | 'leave';
  /** The reads an event may overtake, when not all of `reads`. */
  readsEventsOvertake?: readonly QueryKey[];
  /** Whether an event changes the reads (every event unless this says otherwise). */
  changesReads?: (data: Data) => boolean;
  /** Applies one event to the cache (or the screen). */
  onEvent: (event: StreamEvent<Data>) => void;
}

export interface ResumableStream<Data, Input extends object> {
  /** The subscription's input, fixed for its life: later resumes carry the id in the link layer. */
  input: Input & { lastEventId: string | null };
  /** The subscription's handlers. */
  handlers: { onStarted: () => void; onData: (event: StreamEvent<Data>) => void };
}

/**
 * The one recipe of every live stream: start after the last event this page load saw; on a start
 * with nothing to resume from (and so on a restart after an error or a reconnect that had none), read
 * the cached queries afresh, since events between those reads and the start could be lost; remember
 * each event's id before applying it. Pass the result to the procedure's useSubscription.
 */
export function useResumableStream<Data, Input extends object = Record<never, never>>({
  resumePoint,
  input,
  reads,
  readsUnderWay,
  readsEventsOvertake = reads,
  changesReads,
  onEvent,
}: ResumableStreamOptions<Data, Input>): ResumableStream<Data, Input> {
  const queryClient = useQueryClient();
  const [fixedInput] = useState(() => ({
    ...(input as Input),
    lastEventId: resumePoint.lastEventId,
  }));
  return {
    input: fixedInput,
    handlers: {
      onStarted: () => {
        if (!resumePoint.lastEventId) void restartReads(queryClient, reads);
      },
      onData: (event) => {
        resumePoint.lastEventId = event.id;
        if (readsUnderWay !== 'leave' && (changesReads?.(event.data) ?? true))
          restartReadsUnderWay(queryClient, readsEventsOvertake, {
            firstOnly: readsUnderWay === 'first read',
          });
        onEvent(event);
      },
    },
  };
}
