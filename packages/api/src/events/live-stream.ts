import type { ApiDeps } from '../deps';
import type { Viewer } from '../services/users/sessions';
import { whileSignedIn } from './signed-in';
import { streamEvents, type StreamOptions } from './stream';
import type { Topic } from './topics';

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
