import type { Who } from './demo-cast';
import type { StoryStep } from './story';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The global chat room's opening conversation; `ago` is how long before the seed it was sent. */
const GLOBAL_MESSAGES: { by: Who; ago: number; msg: string }[] = [
  { by: 'alice', ago: 3 * HOUR, msg: 'Morning everyone! Anyone else fighting flaky tests today?' },
  {
    by: 'bob',
    ago: 3 * HOUR - 4 * MINUTE,
    msg: 'Always. Mine only fail on CI, never on my machine.',
  },
  {
    by: 'carol',
    ago: 3 * HOUR - 6 * MINUTE,
    msg: 'Timezones or test order, it is nearly always one of the two.',
  },
  { by: 'alice', ago: 2 * HOUR, msg: 'It was test order. Thanks Carol!' },
  { by: 'bob', ago: 20 * MINUTE, msg: 'Posted a React question about debouncing, ideas welcome.' },
];

/** The direct chat between bob and alice. */
const DIRECT_MESSAGES: { by: Who; ago: number; msg: string }[] = [
  {
    by: 'bob',
    ago: 50 * MINUTE,
    msg: 'Hi Alice, could you look at my SQL before I open the pull request?',
  },
  { by: 'alice', ago: 45 * MINUTE, msg: 'Sure, send me the link.' },
  { by: 'bob', ago: 40 * MINUTE, msg: 'Here it is. The LEFT JOIN bit is the part I am unsure of.' },
];

/** The global chat room's opening conversation, sent through message.send. */
export const globalMessageSteps = (): StoryStep[] =>
  GLOBAL_MESSAGES.map((m) => ({
    ago: m.ago,
    write: async (cast) => (await cast.as(m.by)).message.send({ msg: m.msg }),
  }));

/**
 * Bob opens his one-to-one chat with Alice a minute before his first message, and they talk. Each
 * sender's read position moves with their own message (the API's rule), so Alice has not read Bob's
 * last message yet.
 */
export function directChatSteps(): StoryStep[] {
  let chatId: number | undefined;
  const openedChatId = () => {
    if (chatId === undefined) throw new Error('the demo chat was not opened first');
    return chatId;
  };
  return [
    {
      ago: Math.max(...DIRECT_MESSAGES.map((m) => m.ago)) + MINUTE,
      write: async (cast) => {
        ({ id: chatId } = (await (await cast.as('bob')).chat.create({ username: 'alice' })).chat);
      },
    },
    ...DIRECT_MESSAGES.map((m): StoryStep => ({
      ago: m.ago,
      write: async (cast) =>
        (await cast.as(m.by)).chat.send({ chatId: openedChatId(), msg: m.msg }),
    })),
  ];
}
