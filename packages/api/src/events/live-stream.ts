import type { ApiDeps } from '../core/deps';
import type { Topic } from '../core/topics';
import type { Viewer } from '../core/viewer';
import { whileSignedIn } from './signed-in';
import { streamEvents, type StreamOptions } from './stream';

/**
 * A signed-in viewer's resumable live stream of a topic, or of one key of it: what every
 * subscription procedure returns. It ends when the client leaves or the viewer's session ends.
 */
export function liveStream<T extends Topic>(
  ctx: { deps: ApiDeps; viewer: Viewer },
  signal: AbortSignal | undefined,
  opts: Omit<StreamOptions<T>, 'signal'>,
) {
  return streamEvents(ctx.deps.events, {
    ...opts,
    signal: whileSignedIn(ctx.deps.db, ctx.viewer, signal),
  });
}
