import {
  AnswerRematchInput,
  CodeUpdateInput,
  CreateCollabCodeGameInput,
  CreateNimGameInput,
  GameIdInput,
  GameLobbyEventsInput,
  GameRoomEventsInput,
  GameRunTestsInput,
  JoinGameInput,
  ListGamesInput,
  NimMoveInput,
  PlayStatsInput,
  PresenceInput,
  SetGameCodeInput,
  VerifyGamePasswordInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../../events/live-stream';
import { livePresence } from '../../events/presence-stream';
import { limitedProcedure, protectedProcedure } from '../../trpc';
import { codeState, editCode, setCode } from './code-edits';
import { createCollabCodeGame, createNimGame } from './create-game';
import { changesLobby } from './events';
import { mayReceiveGameEvent } from './game-access';
import { getGame, listGames } from './game-list';
import { joinGame, leaveGame, startGame, verifyGamePassword } from './game-membership';
import { mayHearPresence, sendPresence } from './game-presence';
import { runGameTests } from './game-tests';
import { myTurns } from './my-turns';
import { makeNimMove } from './nim-moves';
import { playStats } from './play-stats';
import { answerGameRematch, offerGameRematch } from './rematch';

// Games are for signed-in users. A game's state (the lobby, a room's view) is public to all of
// them; moves are the session user's own, checked by the rules of @app/games; a CollabCode room's
// document, test results and cursors reach its players only. A refused move is the caller's error
// and publishes nothing. Writes answer with the event they published.
export const gameRouter = {
  /** The lobby, the viewer's own games first, then newest first; never a password (only isPrivate). */
  list: protectedProcedure
    .input(ListGamesInput.default({}))
    .query(({ ctx, input }) => listGames(ctx.deps, ctx.viewer, input)),

  /** The room; its players also get the latest Run Tests (testResults), as they hear them live. */
  byId: protectedProcedure
    .input(GameIdInput)
    .query(({ ctx, input }) => getGame(ctx.deps, ctx.viewer, input.id)),

  /** The creator is seated in the new game (the original client says seatCreator: false). */
  createNim: limitedProcedure('games')
    .input(CreateNimGameInput)
    .mutation(({ ctx, input }) => createNimGame(ctx.deps, ctx.viewer, input)),

  createCollabCode: limitedProcedure('games')
    .input(CreateCollabCodeGameInput)
    .mutation(({ ctx, input }) => createCollabCodeGame(ctx.deps, ctx.viewer, input)),

  /** The lobby's password prompt; wrong guesses are limited per user and game. */
  verifyPassword: protectedProcedure
    .input(VerifyGamePasswordInput)
    .mutation(({ ctx, input }) => verifyGamePassword(ctx.deps, ctx.viewer, input)),

  join: limitedProcedure('gameSeats')
    .input(JoinGameInput)
    .mutation(({ ctx, input }) => joinGame(ctx.deps, ctx.viewer, input)),

  leave: limitedProcedure('gameSeats')
    .input(GameIdInput)
    .mutation(({ ctx, input }) => leaveGame(ctx.deps, ctx.viewer, input.id)),

  /** A CollabCode player waiting alone starts the clock. */
  start: limitedProcedure('gameSeats')
    .input(GameIdInput)
    .mutation(({ ctx, input }) => startGame(ctx.deps, ctx.viewer, input.id)),

  /** A player of a finished game offers a rematch (one per game). */
  offerRematch: limitedProcedure('gameSeats')
    .input(GameIdInput)
    .mutation(({ ctx, input }) => offerGameRematch(ctx.deps, ctx.viewer, input.id)),

  /** Another player accepts (both are seated in the new game) or declines the offer. */
  answerRematch: limitedProcedure('gameSeats')
    .input(AnswerRematchInput)
    .mutation(({ ctx, input }) => answerGameRematch(ctx.deps, ctx.viewer, input)),

  /** The ids of the viewer's games waiting for their move (Nim), for the tab title's count. */
  myTurns: protectedProcedure.query(({ ctx }) => myTurns(ctx.deps, ctx.viewer)),

  /** A profile's play: played, won, lost, the last games and problems solved. */
  playStats: protectedProcedure
    .input(PlayStatsInput)
    .query(({ ctx, input }) => playStats(ctx.deps, input.username)),

  nimMove: limitedProcedure('gameMoves')
    .input(NimMoveInput)
    .mutation(({ ctx, input }) => makeNimMove(ctx.deps, ctx.viewer, input)),

  /** The shared document for the editor's first sync, and the room event id to resume from. */
  codeState: protectedProcedure
    .input(GameIdInput)
    .query(({ ctx, input }) => codeState(ctx.deps, ctx.viewer, input.id)),

  /** One Yjs update (base64) from a player's editor. */
  editCode: limitedProcedure('codeEdits')
    .input(CodeUpdateInput)
    .mutation(({ ctx, input }) => editCode(ctx.deps, ctx.viewer, input)),

  /** SPEC §7 updatedCode: the whole new text, applied to the document as the smallest change. */
  setCode: limitedProcedure('codeEdits')
    .input(SetGameCodeInput)
    .mutation(({ ctx, input }) => setCode(ctx.deps, ctx.viewer, input)),

  /** A player's awareness update (cursor, name): broadcast to the room, never stored. */
  presence: limitedProcedure('presence')
    .input(PresenceInput)
    .mutation(({ ctx, input }) => sendPresence(ctx.deps, ctx.viewer, input)),

  runTests: protectedProcedure
    .input(GameRunTestsInput)
    .mutation(({ ctx, input, signal }) => runGameTests(ctx.deps, ctx.viewer, input.id, signal)),

  /** Every game's state as it changes (created, joined, moved, ended), resumable. */
  onLobby: protectedProcedure
    .input(GameLobbyEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, {
        topic: 'game',
        lastEventId: input?.lastEventId,
        allow: changesLobby,
      }),
    ),

  /** One room's events (state, and for its players codeUpdate and testResults), resumable. */
  onRoom: protectedProcedure.input(GameRoomEventsInput).subscription(({ ctx, input, signal }) =>
    liveStream(ctx, signal, {
      topic: 'game',
      key: input.id,
      lastEventId: input.lastEventId,
      allow: (event) => mayReceiveGameEvent(ctx.deps, ctx.viewer, event),
    }),
  ),

  /** Other players' cursors in one room, live only (no ids, no replay). */
  onPresence: protectedProcedure.input(GameIdInput).subscription(({ ctx, input, signal }) =>
    livePresence(ctx, signal, {
      topic: 'gamePresence',
      key: input.id,
      allow: (presence) => mayHearPresence(ctx.deps, ctx.viewer, presence),
    }),
  ),
} satisfies TRPCRouterRecord;
