import { gameMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  GAME_STATUS,
  GameRuleError,
  joinNim,
  leaveNim,
  moveNim,
  newNimGame,
  nimPlayers,
  nimPlayerToMove,
  type NimState,
} from '../src';

/** The refusal's sentence, or null when the action was accepted. */
function refusal(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(GameRuleError);
    return (error as GameRuleError).message;
  }
}

const started = (): NimState => joinNim(joinNim(newNimGame(), 'ann'), 'bob');

/** Plays moves alternately from a started game (ann first). */
const play = (...takes: number[]): NimState =>
  takes.reduce(
    (state, take) => moveNim(state, nimPlayerToMove(state) ?? 'nobody', take),
    started(),
  );

describe('a new Nim game', () => {
  it('starts with 21 objects', () => {
    expect(newNimGame().remainingObjects).toBe(21);
  });

  it('is WAITING_TO_START with no players, no moves and no winners', () => {
    expect(newNimGame()).toEqual({
      status: 'WAITING_TO_START',
      player1: null,
      player2: null,
      moves: [],
      remainingObjects: 21,
      winners: [],
    });
  });
});

describe('joining Nim', () => {
  it('seats the first to join as player 1 and stays WAITING_TO_START', () => {
    const state = joinNim(newNimGame(), 'ann');
    expect(state.player1).toBe('ann');
    expect(state.player2).toBeNull();
    expect(state.status).toBe(GAME_STATUS.waiting);
  });

  it('seats the second to join as player 2 and the game is IN_PROGRESS', () => {
    const state = started();
    expect([state.player1, state.player2]).toEqual(['ann', 'bob']);
    expect(state.status).toBe(GAME_STATUS.inProgress);
  });

  it('lists the players in join order', () => {
    expect(nimPlayers(started())).toEqual(['ann', 'bob']);
    expect(nimPlayers(newNimGame())).toEqual([]);
  });

  it(`refuses a third player: '${gameMessages.gameFull}'`, () => {
    expect(refusal(() => joinNim(started(), 'cat'))).toBe(gameMessages.gameFull);
  });

  it(`refuses a player who joins twice: '${gameMessages.alreadyJoined}'`, () => {
    expect(refusal(() => joinNim(joinNim(newNimGame(), 'ann'), 'ann'))).toBe(
      gameMessages.alreadyJoined,
    );
    expect(refusal(() => joinNim(started(), 'bob'))).toBe(gameMessages.alreadyJoined);
  });

  it(`refuses to join an OVER game: '${gameMessages.gameOver}'`, () => {
    const over = leaveNim(started(), 'ann');
    expect(refusal(() => joinNim(over, 'cat'))).toBe(gameMessages.gameOver);
  });

  it('does not change the state it was given', () => {
    const state = newNimGame();
    joinNim(state, 'ann');
    expect(state.player1).toBeNull();
  });
});

describe('leaving Nim', () => {
  it('while waiting frees the seat', () => {
    const state = leaveNim(joinNim(newNimGame(), 'ann'), 'ann');
    expect(state.player1).toBeNull();
    expect(state.status).toBe(GAME_STATUS.waiting);
  });

  it('a freed seat is taken by the next to join, and a second join then starts the game', () => {
    const reseated = joinNim(leaveNim(joinNim(newNimGame(), 'ann'), 'ann'), 'bob');
    expect(reseated.player1).toBe('bob');
    const state = joinNim(reseated, 'cat');
    expect([state.player1, state.player2, state.status]).toEqual(['bob', 'cat', 'IN_PROGRESS']);
  });

  it('in progress forfeits: the opponent wins and the game is OVER', () => {
    expect(leaveNim(started(), 'ann')).toMatchObject({ status: 'OVER', winners: ['bob'] });
    expect(leaveNim(play(2), 'bob')).toMatchObject({ status: 'OVER', winners: ['ann'] });
  });

  it('an OVER game changes nothing', () => {
    const over = leaveNim(started(), 'ann');
    expect(leaveNim(over, 'bob')).toEqual(over);
  });

  it(`by someone who is not a player is refused: '${gameMessages.notAPlayer}'`, () => {
    expect(refusal(() => leaveNim(started(), 'cat'))).toBe(gameMessages.notAPlayer);
    expect(refusal(() => leaveNim(newNimGame(), 'cat'))).toBe(gameMessages.notAPlayer);
  });
});

describe('a move sent for the board its player saw', () => {
  it('is made when no move was made since', () => {
    expect(moveNim(play(2), 'bob', 1, 1).remainingObjects).toBe(18);
  });

  it(`is refused once the board has changed, so a move sent again is never made twice: '${gameMessages.boardChanged}'`, () => {
    const afterAnn = play(2);
    const afterBob = moveNim(afterAnn, 'bob', 1, 1);
    const afterAnnAgain = moveNim(afterBob, 'ann', 3, 2);
    // bob's move, sent a second time after a timeout, with ann having moved since.
    expect(refusal(() => moveNim(afterAnnAgain, 'bob', 1, 1))).toBe(gameMessages.boardChanged);
  });
});

describe('Nim turns', () => {
  it('nobody is to move before the game starts', () => {
    expect(nimPlayerToMove(joinNim(newNimGame(), 'ann'))).toBeNull();
  });

  it('player 1 moves first (an even number of moves)', () => {
    expect(nimPlayerToMove(started())).toBe('ann');
  });

  it('player 2 moves after an odd number of moves, and the turn alternates by move count', () => {
    expect(nimPlayerToMove(play(1))).toBe('bob');
    expect(nimPlayerToMove(play(1, 3))).toBe('ann');
    expect(nimPlayerToMove(play(1, 3, 2))).toBe('bob');
  });

  it('nobody is to move once the game is OVER', () => {
    expect(nimPlayerToMove(leaveNim(started(), 'ann'))).toBeNull();
  });
});

describe('Nim moves', () => {
  it('take the objects and record the move', () => {
    const state = moveNim(started(), 'ann', 3);
    expect(state.remainingObjects).toBe(18);
    expect(state.moves).toEqual([{ player: 'ann', numObjects: 3 }]);
    expect(state.status).toBe(GAME_STATUS.inProgress);
  });

  it.each([1, 2, 3])('accept %i object(s)', (take) => {
    expect(moveNim(started(), 'ann', take).remainingObjects).toBe(21 - take);
  });

  it.each([0, 4, -1, 1.5, Number.NaN])(
    `refuse %s objects: '${gameMessages.nimMoveRange}'`,
    (take) => {
      expect(refusal(() => moveNim(started(), 'ann', take))).toBe(gameMessages.nimMoveRange);
    },
  );

  it('refuse more objects than remain', () => {
    // 21 - 3*6 = 3 left, then 2 taken: 1 left.
    const twoLeft = play(3, 3, 3, 3, 3, 3, 1);
    expect(twoLeft.remainingObjects).toBe(2);
    expect(refusal(() => moveNim(twoLeft, 'bob', 3))).toBe(gameMessages.nimTooMany(2));
    const oneLeft = moveNim(twoLeft, 'bob', 1);
    expect(refusal(() => moveNim(oneLeft, 'ann', 2))).toBe(gameMessages.nimTooMany(1));
  });

  it(`by the player out of turn are refused: '${gameMessages.notYourTurn}'`, () => {
    expect(refusal(() => moveNim(started(), 'bob', 1))).toBe(gameMessages.notYourTurn);
    expect(refusal(() => moveNim(play(1), 'ann', 1))).toBe(gameMessages.notYourTurn);
  });

  it(`by someone who is not a player are refused: '${gameMessages.notAPlayer}'`, () => {
    expect(refusal(() => moveNim(started(), 'cat', 1))).toBe(gameMessages.notAPlayer);
  });

  it(`before the game starts are refused: '${gameMessages.gameNotStarted}'`, () => {
    expect(refusal(() => moveNim(joinNim(newNimGame(), 'ann'), 'ann', 1))).toBe(
      gameMessages.gameNotStarted,
    );
  });

  it(`after the game is OVER are refused: '${gameMessages.gameOver}'`, () => {
    const over = play(3, 3, 3, 3, 3, 3, 2, 1);
    expect(over.status).toBe(GAME_STATUS.over);
    expect(refusal(() => moveNim(over, 'ann', 1))).toBe(gameMessages.gameOver);
    expect(refusal(() => moveNim(over, 'bob', 1))).toBe(gameMessages.gameOver);
  });

  it('a refused move changes nothing', () => {
    const state = started();
    const before = structuredClone(state);
    refusal(() => moveNim(state, 'bob', 1));
    refusal(() => moveNim(state, 'ann', 4));
    expect(state).toEqual(before);
  });
});

describe('the end of a Nim game', () => {
  it('whoever takes the last object loses: the other player wins and the game is OVER', () => {
    // ann takes the last object (move 9 is player 1's).
    const annTakesLast = play(3, 3, 3, 3, 3, 3, 1, 1, 1);
    expect(annTakesLast).toMatchObject({ status: 'OVER', remainingObjects: 0, winners: ['bob'] });
    // bob takes the last two.
    const bobTakesLast = play(3, 3, 3, 3, 3, 3, 1, 2);
    expect(bobTakesLast).toMatchObject({ status: 'OVER', remainingObjects: 0, winners: ['ann'] });
  });

  it('leaving one object to the opponent does not end the game', () => {
    const state = play(3, 3, 3, 3, 3, 3, 2);
    expect(state).toMatchObject({ status: 'IN_PROGRESS', remainingObjects: 1, winners: [] });
  });

  it("a game that ends always has one winner (so 'No winner' is never shown for Nim)", () => {
    for (const over of [play(3, 3, 3, 3, 3, 3, 1, 2), leaveNim(started(), 'bob')]) {
      expect(over.winners).toHaveLength(1);
    }
  });
});
