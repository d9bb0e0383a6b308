import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

useClock();

describe('tag.list', () => {
  it('lists every tag with its question count (qcnt), by name', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await ask(alice, { tags: ['react', 'javascript'] });
    await ask(alice, { tags: ['JavaScript', 'Node.js'] });
    await ask(alice, { tags: ['css'] });
    const list = await world.client().api.tag.list();
    expect(list.map((t) => [t.name, t.qcnt])).toEqual([
      ['css', 1],
      ['javascript', 2],
      ['Node.js', 1],
      ['react', 1],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: 'css',
      description: 'user added tag',
      qcnt: 1,
    });
  });

  it('counts a question asked after the list was read', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await ask(alice, { tags: ['react'] });
    expect((await alice.api.tag.list()).map((t) => t.qcnt)).toEqual([1]);
    await ask(alice, { tags: ['react', 'hooks'] });
    expect((await alice.api.tag.list()).map((t) => [t.name, t.qcnt])).toEqual([
      ['hooks', 1],
      ['react', 2],
    ]);
  });
});

describe('tag.byName', () => {
  it('finds a tag whatever the case, with its description', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await ask(alice, { tags: ['TypeScript'] });
    expect(await world.client().api.tag.byName({ name: 'typescript' })).toEqual({
      name: 'TypeScript',
      description: 'user added tag',
    });
  });

  it("answers NOT_FOUND 'Tag not found' for an unknown tag", async () => {
    await expect(
      (await createTestWorld()).client().api.tag.byName({ name: 'cobol' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Tag not found',
    });
  });
});

describe('tag names in any script', () => {
  it("treat 'Österreich' and 'österreich' as one tag, findable by either", async () => {
    const world = await createTestWorld();
    const { api } = await world.signedIn('alice');
    await api.question.create({ title: 'Wien', text: 'Frage', tags: ['Österreich'] });
    const { question: second } = await api.question.create({
      title: 'Graz',
      text: 'Frage',
      tags: ['österreich'],
    });
    expect(second.tags.map((t) => t.name)).toEqual(['Österreich']);
    expect((await api.question.list({ tag: 'ÖSTERREICH' })).total).toBe(2);
    expect((await api.question.list({ search: '[österreich]' })).total).toBe(2);
    expect((await api.tag.byName({ name: 'österreich' })).name).toBe('Österreich');
  });
});
