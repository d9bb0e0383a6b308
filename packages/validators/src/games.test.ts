import { describe, expect, it } from 'vitest';
import { formError, formErrors } from './form';
import {
  base64Length,
  CODE_UPDATE_MAX_BYTES,
  CodeUpdateInput,
  GAME_ID_MAX,
  isPresenceColor,
  PRESENCE_COLORS,
  presenceColor,
  CreateCollabCodeGameInput,
  CreateNimGameInput,
  gameMessages,
  gameTypeTitle,
  GameIdInput,
  JoinGameInput,
  ListGamesInput,
  NimMoveInput,
  numberFromField,
  PresenceInput,
  PRESENCE_UPDATE_MAX_BYTES,
  SetGameCodeInput,
  VerifyGamePasswordInput,
  winnersText,
} from './games';
import { MAX_BODY_BYTES } from './transport';

/** Base64 text of that length: zero bytes. */
const zeros = (length: number) => 'A'.repeat(length);

const nim = { title: 'Friday Nim', isPrivate: false };
const collab = { title: 'Pair on sums', isPrivate: false, problemId: 3 };

const titleError = (title: string) => formErrors(CreateNimGameInput, { ...nim, title }).title;
const collabError = (values: Partial<CreateCollabCodeGameInput>) =>
  formErrors(CreateCollabCodeGameInput, { ...collab, ...values });

describe('game title (SPEC §5)', () => {
  it(`is required: '${gameMessages.titleRequired}'`, () => {
    expect(titleError('')).toBe(gameMessages.titleRequired);
    expect(titleError('    ')).toBe(gameMessages.titleRequired);
    expect(formErrors(CreateNimGameInput, { isPrivate: false } as CreateNimGameInput).title).toBe(
      gameMessages.titleRequired,
    );
  });

  it(`must be at least 5 characters once trimmed: '${gameMessages.titleTooShort}'`, () => {
    expect(titleError('abcd')).toBe(gameMessages.titleTooShort);
    expect(titleError('  abcd  ')).toBe(gameMessages.titleTooShort);
    expect(titleError('abcde')).toBeUndefined();
  });

  it(`must be less than 25 characters once trimmed: '${gameMessages.titleTooLong}'`, () => {
    expect(titleError('x'.repeat(25))).toBe(gameMessages.titleTooLong);
    expect(titleError('x'.repeat(24))).toBeUndefined();
    expect(titleError(`   ${'x'.repeat(24)}   `)).toBeUndefined();
  });

  it('is stored trimmed, and counts an emoji as one character', () => {
    expect(CreateNimGameInput.parse({ ...nim, title: '  Friday Nim ' }).title).toBe('Friday Nim');
    expect(titleError('🙂🙂🙂🙂🙂')).toBeUndefined();
  });

  it('applies to CollabCode games too', () => {
    expect(collabError({ title: 'abc' }).title).toBe(gameMessages.titleTooShort);
  });
});

describe('private game password (SPEC §5)', () => {
  it(`must be at least 4 characters once trimmed when private: '${gameMessages.passwordTooShort}'`, () => {
    const passwordError = (password?: string) =>
      formErrors(CreateNimGameInput, { ...nim, isPrivate: true, password }).password;
    expect(passwordError(undefined)).toBe(gameMessages.passwordTooShort);
    expect(passwordError('abc')).toBe(gameMessages.passwordTooShort);
    expect(passwordError('  abc  ')).toBe(gameMessages.passwordTooShort);
    expect(passwordError('abcd')).toBeUndefined();
  });

  it('is stored trimmed', () => {
    const parsed = CreateNimGameInput.parse({ ...nim, isPrivate: true, password: ' open sesame ' });
    expect(parsed.password).toBe('open sesame');
  });

  it('is not needed, and dropped, when the game is public', () => {
    expect(CreateNimGameInput.parse({ ...nim, password: 'ab' })).toEqual({
      title: 'Friday Nim',
      isPrivate: false,
      password: undefined,
      seatCreator: true,
    });
  });

  it('public is the default', () => {
    expect(CreateNimGameInput.parse({ title: 'Friday Nim' }).isPrivate).toBe(false);
  });

  it('is reported together with the other fields’ errors', () => {
    expect(collabError({ title: '', isPrivate: true, timeLimit: 1 })).toEqual({
      title: gameMessages.titleRequired,
      password: gameMessages.passwordTooShort,
      timeLimit: gameMessages.minTime,
    });
  });

  it(`cannot be longer than 256 characters: '${gameMessages.passwordTooLong}'`, () => {
    expect(
      formError(CreateNimGameInput, { ...nim, isPrivate: true, password: 'p'.repeat(257) }),
    ).toBe(gameMessages.passwordTooLong);
  });

  it('a malformed request is refused with a sentence, not a crash', () => {
    expect(CreateNimGameInput.safeParse(null).success).toBe(false);
    expect(CreateNimGameInput.safeParse({ title: 'Friday Nim', isPrivate: 'yes' }).success).toBe(
      false,
    );
  });

  it('applies to CollabCode games too', () => {
    expect(collabError({ isPrivate: true, password: 'abc' }).password).toBe(
      gameMessages.passwordTooShort,
    );
  });
});

describe('CollabCode player limit (SPEC §5)', () => {
  it('defaults to 4', () => {
    expect(CreateCollabCodeGameInput.parse(collab).playerLimit).toBe(4);
  });

  it(`is at least 2: '${gameMessages.minPlayers}'`, () => {
    expect(collabError({ playerLimit: 1 }).playerLimit).toBe(gameMessages.minPlayers);
    expect(collabError({ playerLimit: 2 }).playerLimit).toBeUndefined();
  });

  it(`is at most 20: '${gameMessages.maxPlayers}'`, () => {
    expect(collabError({ playerLimit: 21 }).playerLimit).toBe(gameMessages.maxPlayers);
    expect(collabError({ playerLimit: 20 }).playerLimit).toBeUndefined();
  });

  it(`must be a number: '${gameMessages.playerLimitNotNumber}'`, () => {
    expect(collabError({ playerLimit: Number.NaN }).playerLimit).toBe(
      gameMessages.playerLimitNotNumber,
    );
    expect(collabError({ playerLimit: 2.5 }).playerLimit).toBe(gameMessages.playerLimitNotWhole);
  });
});

describe('CollabCode time limit (SPEC §5)', () => {
  it('defaults to 60 minutes', () => {
    expect(CreateCollabCodeGameInput.parse(collab).timeLimit).toBe(60);
  });

  it(`is at least 5 minutes: '${gameMessages.minTime}'`, () => {
    expect(collabError({ timeLimit: 4 }).timeLimit).toBe(gameMessages.minTime);
    expect(collabError({ timeLimit: 5 }).timeLimit).toBeUndefined();
  });

  it(`is at most 240 minutes: '${gameMessages.maxTime}'`, () => {
    expect(collabError({ timeLimit: 241 }).timeLimit).toBe(gameMessages.maxTime);
    expect(collabError({ timeLimit: 240 }).timeLimit).toBeUndefined();
  });

  it(`rejects a non-number: '${gameMessages.timeLimitNotNumber}'`, () => {
    expect(collabError({ timeLimit: numberFromField('soon') }).timeLimit).toBe(
      gameMessages.timeLimitNotNumber,
    );
    expect(collabError({ timeLimit: '30' as unknown as number }).timeLimit).toBe(
      gameMessages.timeLimitNotNumber,
    );
    expect(collabError({ timeLimit: 7.5 }).timeLimit).toBe(gameMessages.timeLimitNotWhole);
  });
});

describe('a number field as the form reads it', () => {
  it('is its number', () => {
    expect(numberFromField(' 30 ')).toBe(30);
  });

  it('is NaN (not a number) when blank or not numeric, never a silent 0', () => {
    expect(numberFromField('')).toBeNaN();
    expect(numberFromField('  ')).toBeNaN();
    expect(numberFromField('abc')).toBeNaN();
  });
});

describe('CollabCode problem (SPEC §5)', () => {
  it(`must be selected: '${gameMessages.selectProblem}'`, () => {
    expect(collabError({ problemId: undefined }).problemId).toBe(gameMessages.selectProblem);
  });

  it(`must be a real problem id: '${gameMessages.noProblemId}'`, () => {
    expect(collabError({ problemId: 0 }).problemId).toBe(gameMessages.noProblemId);
    expect(collabError({ problemId: 1.5 }).problemId).toBe(gameMessages.noProblemId);
  });

  it('a complete form is accepted with its defaults', () => {
    expect(CreateCollabCodeGameInput.parse(collab)).toEqual({
      title: 'Pair on sums',
      isPrivate: false,
      password: undefined,
      playerLimit: 4,
      timeLimit: 60,
      problemId: 3,
      // Issue 24: the creator is seated unless the request says otherwise.
      seatCreator: true,
    });
  });
});

describe('game requests', () => {
  it(`game ids are URL-safe text: '${gameMessages.invalidGameId}'`, () => {
    expect(GameIdInput.safeParse({ id: 'aZ09_-xyAbCd' }).success).toBe(true);
    for (const id of ['', '../x', 'a b', 'x'.repeat(65), 12]) {
      expect(formError(GameIdInput, { id } as GameIdInput)).toBe(gameMessages.invalidGameId);
    }
  });

  it('joining takes an optional password, trimmed', () => {
    expect(JoinGameInput.parse({ id: 'abc' })).toEqual({ id: 'abc' });
    expect(JoinGameInput.parse({ id: 'abc', password: ' pass ' }).password).toBe('pass');
  });

  it(`verifying a password needs one: '${gameMessages.incorrectPassword}'`, () => {
    expect(formError(VerifyGamePasswordInput, { id: 'abc', password: '  ' })).toBe(
      gameMessages.incorrectPassword,
    );
    expect(VerifyGamePasswordInput.parse({ id: 'abc', password: 'pass' }).password).toBe('pass');
  });

  it(`a Nim move is 1 to 3 objects: '${gameMessages.nimMoveRange}'`, () => {
    for (const numObjects of [1, 2, 3]) {
      expect(NimMoveInput.safeParse({ id: 'abc', numObjects }).success).toBe(true);
    }
    for (const numObjects of [0, 4, 1.5, Number.NaN]) {
      expect(formError(NimMoveInput, { id: 'abc', numObjects })).toBe(gameMessages.nimMoveRange);
    }
  });

  it('a code update at its largest still fits one request body, so its limit can be reached', () => {
    const body = JSON.stringify({
      0: {
        json: { id: 'x'.repeat(GAME_ID_MAX), update: zeros(base64Length(CODE_UPDATE_MAX_BYTES)) },
      },
    });
    // The body is ASCII only, so its length is its size in bytes.
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(base64Length(CODE_UPDATE_MAX_BYTES + 3)).toBeGreaterThan(MAX_BODY_BYTES - 1024);
  });

  it('a code update is base64 of at most CODE_UPDATE_MAX_BYTES', () => {
    const ok = (update: string) => CodeUpdateInput.safeParse({ id: 'abc', update }).success;
    expect(ok('AQIDBA==')).toBe(true);
    expect(ok('AQID')).toBe(true);
    expect(ok(zeros(base64Length(CODE_UPDATE_MAX_BYTES)))).toBe(true);
    expect(formError(CodeUpdateInput, { id: 'abc', update: 'not base64!' })).toBe(
      gameMessages.invalidUpdate,
    );
    expect(formError(CodeUpdateInput, { id: 'abc', update: '' })).toBe(gameMessages.invalidUpdate);
    expect(
      formError(CodeUpdateInput, {
        id: 'abc',
        update: zeros(base64Length(CODE_UPDATE_MAX_BYTES) + 4),
      }),
    ).toBe(gameMessages.updateTooLarge);
  });

  it('a cursor colour is one of the fixed palette: a name always gets one, nothing else passes', () => {
    for (const name of ['ann', 'bob', 'carol', '😀', '']) {
      expect(PRESENCE_COLORS).toContain(presenceColor(name).color);
      expect(presenceColor(name).colorLight).toBe(`${presenceColor(name).color}33`);
    }
    expect(presenceColor('ann')).toEqual(presenceColor('ann'));
    for (const color of PRESENCE_COLORS) expect(isPresenceColor(color)).toBe(true);
    for (const color of ['red', '#B8500A', 'red; position: fixed; inset: 0', '', null, 42]) {
      expect(isPresenceColor(color)).toBe(false);
    }
  });

  it('a presence update is base64 of at most 16 KiB', () => {
    const ok = (update: string) => PresenceInput.safeParse({ id: 'abc', update }).success;
    expect(ok(zeros(base64Length(PRESENCE_UPDATE_MAX_BYTES)))).toBe(true);
    expect(ok(zeros(base64Length(PRESENCE_UPDATE_MAX_BYTES) + 4))).toBe(false);
    expect(base64Length(PRESENCE_UPDATE_MAX_BYTES)).toBe(21_848);
  });

  it('the whole-text move (updatedCode) takes any text, even empty, up to the code limit', () => {
    expect(SetGameCodeInput.safeParse({ id: 'abc', code: '' }).success).toBe(true);
    expect(formError(SetGameCodeInput, { id: 'abc', code: 'x'.repeat(50_001) })).toBe(
      gameMessages.codeTooLong,
    );
  });

  it(`the list filters by game type and status; any other type is '${gameMessages.unknownGameType}'`, () => {
    expect(ListGamesInput.parse({})).toEqual({});
    expect(ListGamesInput.parse({ gameType: 'Nim', status: 'OVER' })).toEqual({
      gameType: 'Nim',
      status: 'OVER',
    });
    expect(formError(ListGamesInput, { gameType: 'Chess' as 'Nim' })).toBe(
      gameMessages.unknownGameType,
    );
  });
});

describe('game texts (SPEC §2, §8)', () => {
  it("the room's title by type: 'Nim Game', 'Collaborative Coding'", () => {
    expect(gameTypeTitle('Nim')).toBe('Nim Game');
    expect(gameTypeTitle('CollabCode')).toBe('Collaborative Coding');
  });

  it("'Status: {status}' and 'Not started'", () => {
    expect(gameMessages.status('IN_PROGRESS')).toBe('Status: IN_PROGRESS');
    expect(gameMessages.notStarted).toBe('Not started');
  });

  it("'No {type} games available'", () => {
    expect(gameMessages.noGames('Nim')).toBe('No Nim games available');
    expect(gameMessages.noGames('CollabCode')).toBe('No CollabCode games available');
    expect(gameMessages.noGames()).toBe('No games available');
  });

  it("the winners by name, or 'No winner'", () => {
    expect(winnersText(['ann', 'bob'])).toBe('ann, bob');
    expect(winnersText([])).toBe('No winner');
  });

  it('keeps the spec’s sentences word for word', () => {
    expect(gameMessages).toMatchObject({
      enterPassword: 'Please enter room password:',
      incorrectPassword: 'Incorrect password for this game',
      joinPrivateFailed: 'Error joining private game',
      fetchGamesFailed: 'Error fetching games',
      createCollabCodeFailed: 'Failed to create CollabCode game. Please try again.',
      createNimFailed: 'Failed to create Nim game. Please try again.',
      unknownGameType: 'Unknown game type',
      noStartTime: 'No Start Time',
      emptySolution: 'Empty solution',
      noWinner: 'No winner',
      selectGameType: 'Select Game Type',
      titleRequired: 'Game title is required',
      titleTooShort: 'Game title must be at least 5 characters',
      titleTooLong: 'Game title must be less than 25 characters',
      minPlayers: 'Minimum 2 players required',
      maxPlayers: 'Maximum 20 players allowed',
      minTime: 'Minimum time limit is 5 minutes',
      maxTime: 'Maximum time limit is 240 minutes',
      passwordTooShort: 'Password must be at least 4 characters',
      selectProblem: 'You must select a problem for the game',
      noFunctionSignature: 'No function signature given',
      noProblemId: 'No problem ID',
    });
  });

  it('a refused move says why: not a player, not your turn, 1 to 3, too many, over, full, time up', () => {
    expect(gameMessages.nimMoveRange).toBe('You can take 1 to 3 objects');
    expect(gameMessages.nimTooMany(2)).toBe('Only 2 objects are left: you can take 1 to 2');
    expect(gameMessages.nimTooMany(1)).toBe('Only 1 object is left: you can take only 1');
    for (const sentence of [
      gameMessages.notAPlayer,
      gameMessages.notYourTurn,
      gameMessages.gameOver,
      gameMessages.gameFull,
      gameMessages.timeUp,
    ]) {
      expect(sentence).toMatch(/^[A-Z].{5,}[^.]$/);
    }
  });
});
