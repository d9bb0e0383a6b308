import { describe, expect, it } from 'vitest';
import { formError, formErrors } from './form';
import {
  AddParticipantInput,
  ChatIdInput,
  ChatMessagesInput,
  chatUpdateType,
  CreateChatInput,
  GlobalMessagesInput,
  MESSAGE_MAX,
  MESSAGES_PAGE_SIZE,
  messagingMessages,
  SendChatMessageInput,
  SendGlobalMessageInput,
} from './messaging';

describe('message text (SPEC §5)', () => {
  it("is 'Message cannot be empty' when blank or invisible", () => {
    for (const msg of ['', '   ', '\n\n', '\u200B\u200D']) {
      expect(formErrors(SendGlobalMessageInput, { msg }).msg).toBe(messagingMessages.messageEmpty);
    }
  });

  it('is cleaned like other text people write, line breaks kept', () => {
    expect(SendGlobalMessageInput.parse({ msg: '  hi\r\nthere\u202E ' }).msg).toBe('hi\nthere');
  });

  it('is at most 2,000 characters, counted as people count them', () => {
    expect(formError(SendGlobalMessageInput, { msg: '😀'.repeat(MESSAGE_MAX) })).toBeNull();
    expect(formError(SendGlobalMessageInput, { msg: 'a'.repeat(MESSAGE_MAX + 1) })).toBe(
      'Message cannot be more than 2000 characters',
    );
  });

  it('follows the same rules in a direct message', () => {
    expect(formErrors(SendChatMessageInput, { chatId: 1, msg: ' ' }).msg).toBe(
      messagingMessages.messageEmpty,
    );
  });
});

describe('chat ids and users', () => {
  it("refuses anything but a positive whole number: 'Invalid chat ID'", () => {
    for (const chatId of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2, '7', null]) {
      expect(formError(ChatIdInput, { chatId } as { chatId: number })).toBe(
        messagingMessages.invalidChatId,
      );
    }
    expect(formError(ChatIdInput, { chatId: 7 })).toBeNull();
  });

  it("asks to pick a user before creating a chat: 'Please select a user to chat with'", () => {
    for (const username of ['', '  ', undefined]) {
      expect(formError(CreateChatInput, { username } as { username: string })).toBe(
        messagingMessages.selectUser,
      );
    }
    expect(CreateChatInput.parse({ username: ' bob ' })).toEqual({ username: 'bob' });
    expect(formError(AddParticipantInput, { chatId: 1, username: '' })).toBe(
      messagingMessages.selectUser,
    );
  });
});

describe('message pages', () => {
  it('hold 50 messages unless asked otherwise', () => {
    expect(GlobalMessagesInput.parse({}).limit).toBe(MESSAGES_PAGE_SIZE);
    expect(MESSAGES_PAGE_SIZE).toBe(50);
  });

  it("take a message id as the cursor; anything else is 'Invalid cursor'", () => {
    expect(ChatMessagesInput.parse({ chatId: 1, cursor: '42' }).cursor).toBe('42');
    expect(ChatMessagesInput.parse({ chatId: 1, cursor: null }).cursor).toBeNull();
    for (const cursor of ['', '0', '-1', '4.2', 'abc', '1'.repeat(17)]) {
      expect(formError(ChatMessagesInput, { chatId: 1, cursor })).toBe(
        messagingMessages.invalidCursor,
      );
    }
  });
});

describe('chat update types (SPEC §4)', () => {
  it("are created, newMessage and newParticipant; any other is 'Invalid chat update type'", () => {
    for (const type of ['created', 'newMessage', 'newParticipant']) {
      expect(chatUpdateType.parse(type)).toBe(type);
    }
    expect(chatUpdateType.safeParse('deleted').error?.issues[0]?.message).toBe(
      'Invalid chat update type',
    );
  });
});
