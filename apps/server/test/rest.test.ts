import { transportMessages } from '@app/validators';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal, ISO, RestClient, signedUp } from './support/rest-test-client';
import { useTestServer } from './support/test-server';

// The original client's REST paths (SPEC §7) against the real server on a temporary database.

const running = useTestServer();

const url = () => running.url;

describe('/user', () => {
  it('signs up: the user without any password, a session cookie and a readable XSRF cookie', async () => {
    const client = new RestClient(url);
    const res = await client.post('/user/signup', { username: 'ann', password: 'password123' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      username: 'ann',
      biography: '',
      dateJoined: expect.stringMatching(ISO),
    });
    expect(res.text).not.toMatch(/password|scrypt/i);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((line) => line.startsWith('qa_session='))).toBe(true);
    const xsrf = cookies.find((line) => line.startsWith('XSRF-TOKEN='));
    expect(xsrf).toMatch(/SameSite=Lax/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
  });

  it('refuses a taken username (409), a bad payload (400) and a wrong password', async () => {
    const client = new RestClient(url);
    expectRefusal(
      await client.post('/user/signup', { username: 'ann', password: 'password123' }),
      409,
      /taken/,
    );
    expectRefusal(
      await client.post('/user/signup', { username: 'newbie', password: 'x' }),
      400,
      /Password must be at least/,
    );
    expectRefusal(await client.post('/user/signup', ['not', 'an', 'object']), 400);
    const wrong = await client.post('/user/login', { username: 'ann', password: 'wrong-password' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(wrong.text).toBe('Incorrect username or password');
  });

  it('logs in through the same session as the tRPC API', async () => {
    const client = new RestClient(url);
    const res = await client.post('/user/login', { username: 'ann', password: 'password123' });
    expect(res.status).toBe(200);
    expect(res.json.username).toBe('ann');
    const me = await client.get('/trpc/auth.me');
    expect(me.text).toContain('"username":"ann"');
  });

  it('lists users and reads one (401 signed out, 404 unknown)', async () => {
    const client = await signedUp(url, 'lister');
    const list = await client.get('/user/getUsers');
    expect(list.status).toBe(200);
    expect(list.json.map((user: { username: string }) => user.username)).toContain('ann');
    const one = await client.get('/user/getUser/ann');
    expect(one.json).toMatchObject({ username: 'ann', biography: '' });
    expectRefusal(await client.get('/user/getUser/nobody_here'), 404);
    expectRefusal(await new RestClient(url).get('/user/getUsers'), 401);
  });

  it('updates only your own biography and password, and deletes only yourself', async () => {
    const client = await signedUp(url, 'bio_owner');
    await signedUp(url, 'bio_other');
    const bio = await client.patch('/user/updateBiography', {
      username: 'bio_owner',
      biography: 'Hello',
    });
    expect(bio.status).toBe(200);
    expect(bio.json).toMatchObject({ username: 'bio_owner', biography: 'Hello' });
    expectRefusal(
      await client.patch('/user/updateBiography', { username: 'bio_other', biography: 'x' }),
      403,
      /yourself/,
    );
    expectRefusal(
      await new RestClient(url).patch('/user/updateBiography', {
        username: 'bio_owner',
        biography: 'x',
      }),
      401,
    );
    expectRefusal(
      await client.patch('/user/resetPassword', { username: 'bio_other', password: 'password456' }),
      403,
    );
    expect(
      (
        await client.patch('/user/resetPassword', {
          username: 'bio_owner',
          password: 'password456',
        })
      ).status,
    ).toBe(200);
    const again = await new RestClient(url).post('/user/login', {
      username: 'bio_owner',
      password: 'password456',
    });
    expect(again.status).toBe(200);
    expectRefusal(await client.delete('/user/deleteUser/bio_other'), 403);
    expect((await client.delete('/user/deleteUser/bio_owner')).status).toBe(200);
    expectRefusal(await new RestClient(url).get('/user/getUser/bio_owner'), 401);
  });

  it('refuses a biography update without a biography text, and keeps the biography', async () => {
    const client = await signedUp(url, 'bio_keeper');
    await client.patch('/user/updateBiography', { username: 'bio_keeper', biography: 'Kept' });
    for (const [payload, sentence] of [
      [{}, 'The biography is missing.'],
      [{ username: 'bio_keeper', bio: 'x' }, 'The biography is missing.'],
      [{ username: 'bio_keeper', biography: 42 }, 'The biography is not a valid string.'],
    ] as const)
      expectRefusal(await client.patch('/user/updateBiography', payload), 400, sentence);
    expect((await client.get('/user/getUser/bio_keeper')).json.biography).toBe('Kept');
  });

  it('logs out', async () => {
    const client = await signedUp(url, 'leaver');
    expect((await client.post('/user/logout', {})).status).toBe(200);
    expectRefusal(await client.get('/user/getUsers'), 401);
  });
});

describe('/question, /tag, /answer, /comment', () => {
  let asker: RestClient;
  let qid: string;

  beforeAll(async () => {
    asker = await signedUp(url, 'asker');
  });

  it('adds a question as yourself only, with a sentence for what is wrong', async () => {
    const payload = {
      title: 'How do hooks work?',
      text: 'Explain useEffect.',
      tags: [{ name: 'react', description: 'ignored' }, { name: 'hooks' }],
      askedBy: 'asker',
      askDateTime: '1999-01-01T00:00:00.000Z',
      answers: [],
      upVotes: [],
      downVotes: [],
      views: [],
      comments: [],
    };
    expectRefusal(await new RestClient(url).post('/question/addQuestion', payload), 401);
    expectRefusal(await asker.post('/question/addQuestion', { ...payload, askedBy: 'ann' }), 403);
    expectRefusal(
      await asker.post('/question/addQuestion', { ...payload, tags: [] }),
      400,
      /at least 1 tag/,
    );
    const res = await asker.post('/question/addQuestion', payload);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      _id: expect.any(String),
      title: 'How do hooks work?',
      askedBy: 'asker',
      tags: [
        { _id: expect.any(String), name: 'react' },
        { _id: expect.any(String), name: 'hooks' },
      ],
      answers: [],
      upVotes: [],
      downVotes: [],
      views: [],
      comments: [],
    });
    // The server's clock, not the payload's.
    expect(res.json.askDateTime).not.toBe('1999-01-01T00:00:00.000Z');
    qid = res.json._id;
    // The new question as the client reads it back.
    expect(res.json).toEqual((await asker.get(`/question/getQuestionById/${qid}`)).json);
  });

  it('adds an answer and comments (as yourself; 404 for an unknown question)', async () => {
    const ans = {
      text: 'Like this.',
      ansBy: 'asker',
      ansDateTime: new Date().toISOString(),
      comments: [],
    };
    const res = await asker.post('/answer/addAnswer', { qid, ans });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      _id: expect.any(String),
      text: 'Like this.',
      ansBy: 'asker',
      comments: [],
    });
    expectRefusal(
      await asker.post('/answer/addAnswer', { qid, ans: { ...ans, ansBy: 'ann' } }),
      403,
    );
    expectRefusal(await asker.post('/answer/addAnswer', { qid: 999999, ans }), 404);
    expectRefusal(
      await asker.post('/answer/addAnswer', { qid, ans: { ...ans, text: '' } }),
      400,
      /Answer text cannot be empty/,
    );

    const comment = {
      text: 'Nice.',
      commentBy: 'asker',
      commentDateTime: new Date().toISOString(),
    };
    const onQuestion = await asker.post('/comment/addComment', {
      id: qid,
      type: 'question',
      comment,
    });
    expect(onQuestion.status).toBe(200);
    expect(onQuestion.json).toMatchObject({
      _id: expect.any(String),
      text: 'Nice.',
      commentBy: 'asker',
    });
    const onAnswer = await asker.post('/comment/addComment', {
      id: res.json._id,
      type: 'answer',
      comment,
    });
    expect(onAnswer.status).toBe(200);
    expectRefusal(await asker.post('/comment/addComment', { id: qid, type: 'tag', comment }), 400);
    expectRefusal(
      await asker.post('/comment/addComment', {
        id: qid,
        type: 'question',
        comment: { ...comment, commentBy: 'ann' },
      }),
      403,
    );
  });

  it('lists every question with tags as objects and answers and comments populated', async () => {
    const res = await new RestClient(url).get('/question/getQuestion?order=newest&search=');
    expect(res.status).toBe(200);
    const found = res.json.find((question: { _id: string }) => question._id === qid);
    expect(found.tags[0]).toMatchObject({ name: 'react', description: expect.any(String) });
    expect(found.answers).toHaveLength(1);
    expect(found.answers[0].comments).toHaveLength(1);
    expect(found.comments).toHaveLength(1);
    const unanswered = await new RestClient(url).get('/question/getQuestion?order=unanswered');
    expect(unanswered.json.some((question: { _id: string }) => question._id === qid)).toBe(false);
    const searched = await new RestClient(url).get(
      '/question/getQuestion?order=newest&search=useEffect',
    );
    expect(searched.json.map((question: { _id: string }) => question._id)).toEqual([qid]);
    expectRefusal(await new RestClient(url).get('/question/getQuestion?order=sideways'), 400);
  });

  it('reads one question and records the view of the signed-in user only', async () => {
    const viewer = await signedUp(url, 'viewer');
    const res = await viewer.get(`/question/getQuestionById/${qid}?username=viewer`);
    expect(res.status).toBe(200);
    expect(res.json.views).toHaveLength(1);
    expect(
      (await viewer.get(`/question/getQuestionById/${qid}?username=viewer`)).json.views,
    ).toHaveLength(1);
    expectRefusal(await viewer.get(`/question/getQuestionById/${qid}?username=asker`), 403);
    expectRefusal(await viewer.get('/question/getQuestionById/999999?username=viewer'), 404);
    expectRefusal(await viewer.get('/question/getQuestionById/abc'), 400);
  });

  it('votes and answers {msg, upVotes, downVotes}', async () => {
    const voter = await signedUp(url, 'voter');
    const up = await voter.post('/question/upvoteQuestion', { qid, username: 'voter' });
    expect(up.status).toBe(200);
    expect(up.json).toEqual({ msg: expect.any(String), upVotes: ['voter'], downVotes: [] });
    const down = await voter.post('/question/downvoteQuestion', { qid, username: 'voter' });
    expect(down.json).toEqual({ msg: expect.any(String), upVotes: [], downVotes: ['voter'] });
    expectRefusal(await voter.post('/question/upvoteQuestion', { qid, username: 'asker' }), 403);
    expectRefusal(
      await voter.post('/question/upvoteQuestion', { qid: 999999, username: 'voter' }),
      404,
    );
    expectRefusal(
      await new RestClient(url).post('/question/upvoteQuestion', { qid, username: 'voter' }),
      401,
    );
  });

  it('lists tags with their question counts and finds one by name', async () => {
    const list = await new RestClient(url).get('/tag/getTagsWithQuestionNumber');
    expect(list.status).toBe(200);
    expect(list.json).toContainEqual(expect.objectContaining({ name: 'react', qcnt: 1 }));
    const one = await new RestClient(url).get('/tag/getTagByName/React');
    expect(one.json).toEqual({ name: 'react', description: expect.any(String) });
    expectRefusal(await new RestClient(url).get('/tag/getTagByName/no-such-tag'), 404);
  });
});

describe('/messaging and /chat', () => {
  let alice: RestClient;
  let bob: RestClient;
  let eve: RestClient;
  let chatId: string;

  beforeAll(async () => {
    [alice, bob, eve] = await Promise.all([
      signedUp(url, 'alice'),
      signedUp(url, 'bob'),
      signedUp(url, 'eve'),
    ]);
  });

  it('adds and lists global messages, as yourself only', async () => {
    const messageToAdd = { msg: 'Hi all', msgFrom: 'alice', msgDateTime: new Date().toISOString() };
    const sent = await alice.post('/messaging/addMessage', { messageToAdd });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ _id: expect.any(String), msg: 'Hi all', msgFrom: 'alice' });
    expectRefusal(
      await alice.post('/messaging/addMessage', {
        messageToAdd: { ...messageToAdd, msgFrom: 'bob' },
      }),
      403,
    );
    expectRefusal(
      await alice.post('/messaging/addMessage', { messageToAdd: { ...messageToAdd, msg: '' } }),
      400,
      /empty/,
    );
    const list = await bob.get('/messaging/getMessages');
    expect(list.status).toBe(200);
    expect(list.json.at(-1)).toMatchObject({
      msg: 'Hi all',
      msgFrom: 'alice',
      msgDateTime: expect.stringMatching(ISO),
    });
    expectRefusal(await new RestClient(url).get('/messaging/getMessages'), 401);
  });

  it('creates a chat, adds messages and reads it: participants only', async () => {
    const created = await alice.post('/chat/createChat', {
      participants: ['alice', 'bob'],
      messages: [],
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      _id: expect.any(String),
      participants: ['alice', 'bob'],
      messages: [],
    });
    chatId = created.json._id;
    const sent = await bob.post(`/chat/${chatId}/addMessage`, {
      msg: 'Hey',
      msgFrom: 'bob',
      msgDateTime: 'x',
    });
    expect(sent.status).toBe(200);
    expect(sent.json.messages).toEqual([expect.objectContaining({ msg: 'Hey', msgFrom: 'bob' })]);
    expectRefusal(
      await bob.post(`/chat/${chatId}/addMessage`, { msg: 'Hey', msgFrom: 'alice' }),
      403,
    );
    const read = await alice.get(`/chat/${chatId}`);
    expect(read.json._id).toBe(chatId);
    expect(read.json.messages).toHaveLength(1);
    expectRefusal(await eve.get(`/chat/${chatId}`), 403);
    expectRefusal(await eve.post(`/chat/${chatId}/addMessage`, { msg: 'in', msgFrom: 'eve' }), 403);
    expectRefusal(await alice.get('/chat/999999'), 404);
    expectRefusal(
      await alice.post('/chat/createChat', { participants: ['alice'], messages: [] }),
      400,
    );
  });

  it('a createChat with three people makes a new group chat: the third cannot read the direct chat', async () => {
    const carol = await signedUp(url, 'carol');
    const direct = await alice.post('/chat/createChat', {
      participants: ['alice', 'bob'],
      messages: [],
    });
    await bob.post(`/chat/${direct.json._id}/addMessage`, { msg: 'secret', msgFrom: 'bob' });
    const group = await alice.post('/chat/createChat', {
      participants: ['alice', 'bob', 'carol'],
      messages: [{ msg: 'Hello all', msgFrom: 'alice' }],
    });
    expect(group.status).toBe(200);
    expect(group.json).toMatchObject({
      participants: ['alice', 'bob', 'carol'],
      messages: [expect.objectContaining({ msg: 'Hello all', msgFrom: 'alice' })],
    });
    expect(group.json._id).not.toBe(direct.json._id);
    expectRefusal(await carol.get(`/chat/${direct.json._id}`), 403);
    expect((await alice.get(`/chat/${direct.json._id}`)).json.participants).toEqual([
      'alice',
      'bob',
    ]);
    const carols = await carol.get('/chat/getChatsByUser/carol');
    expect(carols.json.map((chat: { _id: string }) => chat._id)).toEqual([group.json._id]);
  });

  it('lists your own chats only', async () => {
    const mine = await bob.get('/chat/getChatsByUser/bob');
    expect(mine.status).toBe(200);
    expect(mine.json.map((chat: { _id: string }) => chat._id)).toContain(chatId);
    expectRefusal(await eve.get('/chat/getChatsByUser/bob'), 403);
    expectRefusal(await new RestClient(url).get('/chat/getChatsByUser/bob'), 401);
  });
});

describe('browsers on other origins', () => {
  const client = 'http://localhost:3000';
  const evil = 'https://evil.example';

  it('answers a preflight from CLIENT_ORIGINS with credentials, and not one from elsewhere', async () => {
    const allowed = await new RestClient(url).call('OPTIONS', '/user/login', undefined, {
      origin: client,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(client);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const refused = await new RestClient(url).call('OPTIONS', '/user/login', undefined, {
      origin: evil,
      'access-control-request-method': 'POST',
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads the kept tag list and question the same way the first time and from the cache: CORS for CLIENT_ORIGINS, the XSRF cookie', async () => {
    const asker = await signedUp(url, 'cors_reader');
    const { json } = await asker.post('/question/addQuestion', {
      title: 'Kept bodies and origins',
      text: 'Read twice from another origin.',
      tags: [{ name: 'cors' }],
      askedBy: 'cors_reader',
    });
    const qid = (json as { _id: string })._id;
    for (const path of ['/tag/getTagsWithQuestionNumber', `/question/getQuestionById/${qid}`]) {
      const reads = [];
      // The first read makes the body; the second is answered from the read cache.
      for (let i = 0; i < 2; i++)
        reads.push(await new RestClient(url).get(path, { origin: client }));
      for (const read of reads) {
        expect(read.status).toBe(200);
        expect(read.headers.get('access-control-allow-origin')).toBe(client);
        expect(read.headers.get('access-control-allow-credentials')).toBe('true');
        expect(read.headers.getSetCookie().some((line) => line.startsWith('XSRF-TOKEN='))).toBe(
          true,
        );
      }
      expect(reads[1]!.json).toEqual(reads[0]!.json);
      const elsewhere = await new RestClient(url).get(path, { origin: evil });
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('lets CLIENT_ORIGINS make changes and refuses other origins', async () => {
    const ok = await new RestClient(url).post(
      '/user/signup',
      { username: 'cors_ok', password: 'password123' },
      { origin: client },
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(client);
    const refused = await new RestClient(url).post(
      '/user/signup',
      { username: 'cors_no', password: 'password123' },
      { origin: evil },
    );
    expectRefusal(refused, 403);
    expect((await new RestClient(url).get('/user/getUser/cors_no')).status).not.toBe(200);
  });

  it('keeps the /trpc guard as it was: a CLIENT_ORIGINS page cannot call tRPC mutations', async () => {
    const res = await fetch(`${running.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: client },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('requires X-XSRF-TOKEN, when sent, to match the XSRF-TOKEN cookie', async () => {
    const user = await signedUp(url, 'xsrf_user');
    const token = user.cookies.get('XSRF-TOKEN')!;
    expect(token).toMatch(/^[\w-]{16,}$/);
    const matching = await user.post(
      '/messaging/addMessage',
      { messageToAdd: { msg: 'ok', msgFrom: 'xsrf_user' } },
      { 'x-xsrf-token': token },
    );
    expect(matching.status).toBe(200);
    const mismatched = await user.post(
      '/messaging/addMessage',
      { messageToAdd: { msg: 'no', msgFrom: 'xsrf_user' } },
      { 'x-xsrf-token': 'forged-token-forged-token' },
    );
    expectRefusal(mismatched, 403);
  });

  it('leaves the web app its pages: a browser opening /user/{name} gets the app shell', async () => {
    const res = await fetch(`${running.url}/user/getUsers`, { headers: { accept: 'text/html' } });
    expect(await res.text()).toContain('app shell');
  });

  it('answers an unreadable body with 400 and a sentence', async () => {
    const res = await fetch(`${running.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(transportMessages.malformed);
  });
});
