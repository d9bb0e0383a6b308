import type { ApiDeps } from '../core/deps';
import type { Viewer } from '../core/viewer';
import { whileSignedIn } from './signed-in';
import type { EventMap, Topic } from '../core/topics';
import { streamEvents, type StreamOptions } from './stream';

/**
 * A signed-in viewer's resumable live stream of a topic, or of one key of it: what every
 * subscription procedure returns. It ends when the client leaves or the viewer's session ends.
 */
export function liveStream<T extends Topic, Out = EventMap[T]>(
  ctx: { deps: ApiDeps; viewer: Viewer },
  signal: AbortSignal | undefined,
  opts: Omit<StreamOptions<T, Out>, 'signal'>,
) {
  return streamEvents(ctx.deps.events, {
    ...opts,
    signal: whileSignedIn(ctx.deps.db, ctx.viewer, signal),
  });
}
