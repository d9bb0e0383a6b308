import type { RouterInputs, RouterOutputs } from '../../trpc';

/** A game as the lobby lists it. */
export type GameSummary = RouterOutputs['game']['list'][number];
/** One game with its state, as the room shows it. */
export type GameView = RouterOutputs['game']['byId'];
export type CreateNimGameInput = RouterInputs['game']['createNim'];
export type CreateCollabCodeGameInput = RouterInputs['game']['createCollabCode'];
