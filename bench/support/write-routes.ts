/**
 * writes.bench.ts's writes, each through tRPC and, where the original client has one, through its
 * REST twin (SPEC §7, apps/server/src/legacy/rest): votes, the global and a direct chat, comments,
 * answers and questions. Every route writes as its own signed-in user, spread over the same targets
 * as its twin, and every request is a real change (in-turn.ts).
 */
import type { BenchServer } from './server';
import { post, trpcBody, type BenchRoute, type WriteTarget } from './bench-route';
import { alternatingVotes, inTurn } from './in-turn';

/** Issue 25: votes, messages and comments at ≥ 0.05 of bare node:http with p99 under 50 ms … */
export const QUICK_WRITE: WriteTarget = { ratio: 0.05, p99: 50 };
/** … answers and questions (full-text search, notifications) at ≥ 0.03 with p99 under 100 ms. */
export const CREATE_WRITE: WriteTarget = { ratio: 0.03, p99: 100 };

export interface WriteSetup {
  server: BenchServer;
  /** Questions spread over the whole database: votes, comments and answers go to them in turn. */
  questions: number[];
  /** One answer of each of those questions that has one: answer votes go to them in turn. */
  answers: number[];
  /** Other users: the direct chats are with them, one chat per sender and person. */
  people: string[];
}

/** Signs up `names` at once; answers their cookies by name. */
export async function signUpAll(
  server: BenchServer,
  names: string[],
): Promise<Record<string, string>> {
  const cookies = await Promise.all(names.map((name) => server.signUp(name)));
  return Object.fromEntries(names.map((name, i) => [name, cookies[i]!]));
}

/** `sender`'s one-to-one chat with each person (chat.create), in the people's order. */
async function directChats(server: BenchServer, cookie: string, people: string[]) {
  const ids: number[] = [];
  for (const username of people) {
    const { chat } = await server.mutate<{ chat: { id: number } }>(
      'chat.create',
      { username },
      cookie,
    );
    ids.push(chat.id);
  }
  return ids;
}

export async function writeRoutes(setup: WriteSetup): Promise<BenchRoute[]> {
  const { server, questions, answers, people } = setup;
  const c = await signUpAll(server, [
    'voter',
    'rest_voter',
    'answer_voter',
    'chatter',
    'rest_chatter',
    'dm_sender',
    'rest_dm_sender',
    'commenter',
    'rest_commenter',
    'answerer',
    'rest_answerer',
    'asker',
    'rest_asker',
  ]);
  const cookie = (name: string) => c[name]!;
  const [chats, restChats] = await Promise.all([
    directChats(server, cookie('dm_sender'), people),
    directChats(server, cookie('rest_dm_sender'), people),
  ]);
  const spread = `${questions.length} questions in turn`;
  const question = {
    title: 'How do I measure writes per second?',
    text: 'A load test asks this question again and again.',
  };
  const write = (route: Omit<BenchRoute, 'varies'>): BenchRoute => ({ ...route, varies: true });

  const questionVotes = alternatingVotes(questions);
  const restQuestionVotes = alternatingVotes(questions);
  const answerVotes = alternatingVotes(answers);
  const chatTurn = inTurn(chats);
  const restChatTurn = inTurn(restChats);
  const commentTurn = inTurn(questions);
  const restCommentTurn = inTurn(questions);
  const answerTurn = inTurn(questions);
  const restAnswerTurn = inTurn(questions);

  return [
    write({
      part: 'tRPC write',
      name: `question.vote (${spread}, up and down by turns)`,
      target: QUICK_WRITE,
      next: () => {
        const { id, vote } = questionVotes();
        return post('/trpc/question.vote', cookie('voter'), trpcBody({ qid: id, vote }));
      },
    }),
    write({
      part: 'REST write',
      name: `POST /question/upvoteQuestion, downvoteQuestion (${spread})`,
      twin: `question.vote (${spread}, up and down by turns)`,
      next: () => {
        const { id, vote } = restQuestionVotes();
        const path = vote === 'up' ? '/question/upvoteQuestion' : '/question/downvoteQuestion';
        return post(
          path,
          cookie('rest_voter'),
          JSON.stringify({ qid: id, username: 'rest_voter' }),
        );
      },
    }),
    // The original client has no answer votes (SPEC §7): this one has no REST twin.
    write({
      part: 'tRPC write',
      name: `answer.vote (${answers.length} answers of those questions, up and down by turns)`,
      target: QUICK_WRITE,
      next: () => {
        const { id, vote } = answerVotes();
        return post('/trpc/answer.vote', cookie('answer_voter'), trpcBody({ answerId: id, vote }));
      },
    }),
    write({
      part: 'tRPC write',
      name: 'message.send (global chat)',
      target: QUICK_WRITE,
      next: () =>
        post(
          '/trpc/message.send',
          cookie('chatter'),
          trpcBody({ msg: 'hello from the load test' }),
        ),
    }),
    write({
      part: 'REST write',
      name: 'POST /messaging/addMessage (global chat)',
      twin: 'message.send (global chat)',
      next: () =>
        post(
          '/messaging/addMessage',
          cookie('rest_chatter'),
          JSON.stringify({
            messageToAdd: { msg: 'hello from the load test', msgFrom: 'rest_chatter' },
          }),
        ),
    }),
    // Direct chats: one sender to people.length one-to-one chats in turn, so no chat grows past a
    // few hundred messages (the REST door answers the whole chat, SPEC §7 "updated chat").
    write({
      part: 'tRPC write',
      name: `chat.send (direct, ${chats.length} chats in turn)`,
      target: QUICK_WRITE,
      next: () =>
        post(
          '/trpc/chat.send',
          cookie('dm_sender'),
          trpcBody({ chatId: chatTurn(), msg: 'hello from the load test' }),
        ),
    }),
    write({
      part: 'REST write',
      name: `POST /chat/{chatId}/addMessage (direct, ${restChats.length} chats in turn)`,
      twin: `chat.send (direct, ${chats.length} chats in turn)`,
      next: () =>
        post(
          `/chat/${restChatTurn()}/addMessage`,
          cookie('rest_dm_sender'),
          JSON.stringify({ msg: 'hello from the load test', msgFrom: 'rest_dm_sender' }),
        ),
    }),
    write({
      part: 'tRPC write',
      name: `comment.create (${spread})`,
      target: QUICK_WRITE,
      next: () =>
        post(
          '/trpc/comment.create',
          cookie('commenter'),
          trpcBody({ id: commentTurn(), type: 'question', text: 'Which version are you on?' }),
        ),
    }),
    write({
      part: 'REST write',
      name: `POST /comment/addComment (${spread})`,
      twin: `comment.create (${spread})`,
      next: () =>
        post(
          '/comment/addComment',
          cookie('rest_commenter'),
          JSON.stringify({
            id: restCommentTurn(),
            type: 'question',
            comment: { text: 'Which version are you on?', commentBy: 'rest_commenter' },
          }),
        ),
    }),
    write({
      part: 'tRPC write',
      name: `answer.create (${spread})`,
      target: CREATE_WRITE,
      next: () =>
        post(
          '/trpc/answer.create',
          cookie('answerer'),
          trpcBody({ qid: answerTurn(), text: 'Measure it under load, then read the p99.' }),
        ),
    }),
    write({
      part: 'REST write',
      name: `POST /answer/addAnswer (${spread})`,
      twin: `answer.create (${spread})`,
      next: () =>
        post(
          '/answer/addAnswer',
          cookie('rest_answerer'),
          JSON.stringify({
            qid: restAnswerTurn(),
            ans: { text: 'Measure it under load, then read the p99.', ansBy: 'rest_answerer' },
          }),
        ),
    }),
    write({
      part: 'tRPC write',
      name: 'question.create',
      target: CREATE_WRITE,
      next: () =>
        post(
          '/trpc/question.create',
          cookie('asker'),
          trpcBody({ ...question, tags: ['bench', 'sqlite'] }),
        ),
    }),
    write({
      part: 'REST write',
      name: 'POST /question/addQuestion',
      twin: 'question.create',
      next: () =>
        post(
          '/question/addQuestion',
          cookie('rest_asker'),
          JSON.stringify({
            ...question,
            // As the client sends them: tag objects.
            tags: [
              { name: 'bench', description: '' },
              { name: 'sqlite', description: '' },
            ],
            askedBy: 'rest_asker',
          }),
        ),
    }),
  ];
}
