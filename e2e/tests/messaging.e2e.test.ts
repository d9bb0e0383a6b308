import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, screenshot, uniqueName } from '../support/browser';
import { markDocument, notReloaded, signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const roomLog = (page: Page) => page.getByRole('log', { name: 'Chat Room messages' });
const chatLog = (page: Page, other: string) =>
  page.getByRole('log', { name: `Chat with: ${other} messages` });
/** A left-menu link by its whole accessible name, which carries the unread total: 'Messaging (2 unread)'. */
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

describe('messaging', () => {
  it('global chat: two users see each other live, both ways, each message once', async () => {
    const amy = await newUser(browser);
    const ben = await newUser(browser, { width: 375, height: 800 });
    const [amyName, benName] = [uniqueName('amy'), uniqueName('ben')];
    await signUp(amy, amyName);
    await signUp(ben, benName);
    for (const page of [amy, ben]) {
      await page.goto('/messaging');
      await page.getByRole('heading', { name: 'Chat Room', level: 1 }).waitFor();
      await markDocument(page);
    }

    // The form's own check, with the spec's sentence.
    await amy.getByRole('button', { name: 'Send' }).click();
    await amy.getByText('Message cannot be empty').waitFor();

    // Shift+Enter makes a new line, Enter sends.
    const box = amy.getByLabel('Type your message here');
    const first = `Hello from amy ${uniqueName('m')}`;
    await box.fill(first);
    await box.press('Shift+Enter');
    await box.pressSequentially('and a second line');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('');
    const mine = roomLog(amy).getByText(`${first}\nand a second line`, { exact: true });
    await mine.waitFor();

    // Ben, already in the room, gets it without a reload; the sender links to her profile.
    const received = roomLog(ben).getByText(`${first}\nand a second line`, { exact: true });
    await received.waitFor();
    const sender = roomLog(ben).getByRole('link', { name: amyName, exact: true }).last();
    expect(await sender.getAttribute('href')).toBe(`/user/${amyName}`);
    // Its time in SPEC §9's relative format.
    const row = roomLog(ben)
      .locator('.message')
      .filter({ has: ben.getByText(`${first}\nand a second line`, { exact: true }) });
    await row.getByText(/^\d+ seconds? ago$/).waitFor();

    // And back, with the Send button.
    const reply = `Hi amy, ben here ${uniqueName('m')}`;
    await ben.getByLabel('Type your message here').fill(reply);
    await ben.getByRole('button', { name: 'Send' }).click();
    await roomLog(amy).getByText(reply, { exact: true }).waitFor();
    await roomLog(ben).getByText(reply, { exact: true }).waitFor();

    // The reply and the live echo of a message become one row, with nothing left "sending…".
    await expect.poll(() => roomLog(ben).getByText('sending…').count()).toBe(0);
    expect(await mine.count()).toBe(1);
    expect(await roomLog(ben).getByText(reply, { exact: true }).count()).toBe(1);
    expect(await notReloaded(amy)).toBe(true);
    expect(await notReloaded(ben)).toBe(true);
    await screenshot(amy, 'messaging-global-1280', false);
    await screenshot(ben, 'messaging-global-375', false);

    // Both still see the conversation after a reload, in order, the newest last.
    await amy.reload();
    await roomLog(amy).getByText(reply, { exact: true }).waitFor();
    const texts = await roomLog(amy).locator('.message__text').allTextContents();
    expect(texts.indexOf(reply)).toBeGreaterThan(texts.indexOf(`${first}\nand a second line`));
    expect(texts.at(-1)).toBe(reply);

    await amy.context().close();
    await ben.context().close();
  });

  it('direct chat: reaches the other user live, counts unread until opened, stays private', async () => {
    const dan = await newUser(browser);
    const eve = await newUser(browser, { width: 375, height: 800 });
    const fay = await newUser(browser);
    const [danName, eveName, fayName] = [uniqueName('dan'), uniqueName('eve'), uniqueName('fay')];
    await signUp(dan, danName);
    await signUp(eve, eveName);
    await signUp(fay, fayName);
    // Eve is elsewhere in the app (the question list) when the chat starts.
    await markDocument(eve);
    await menuLink(eve, 'Messaging').waitFor();

    await dan.goto('/messaging/direct-message');
    await dan.getByText('Select a user to start chatting').waitFor();
    await dan.getByRole('button', { name: 'Start a Chat' }).click();
    await dan.getByRole('button', { name: 'Create New Chat' }).click();
    await dan.getByText('Please select a user to chat with').waitFor();
    await dan.getByLabel('Search users to chat with').fill(eveName);
    await dan.getByRole('radio', { name: eveName }).check();
    await dan.getByText(`Selected user: ${eveName}`).waitFor();
    await dan.getByRole('button', { name: 'Create New Chat' }).click();
    await dan.waitForURL((url) => url.searchParams.has('chat'));
    const chatId = new URL(dan.url()).searchParams.get('chat') ?? '';
    await dan
      .getByRole('button', { name: 'Hide Create Chat Panel' })
      .waitFor({ state: 'detached' });
    await dan.getByRole('heading', { name: `Chat with: ${eveName}`, level: 2 }).waitFor();

    const hello = `Hi eve, a private word ${uniqueName('m')}`;
    await dan.getByLabel('Type a message...').fill(hello);
    await dan.getByLabel('Type a message...').press('Enter');
    await chatLog(dan, eveName).getByText(hello, { exact: true }).waitFor();

    // Eve's menu shows the unread message on whatever page she is.
    await menuLink(eve, 'Messaging (1 unread)').click();
    await menuLink(eve, 'Direct Messages (1 unread)').click();
    await eve.waitForURL('**/messaging/direct-message');
    const chatItem = eve.getByRole('link', { name: new RegExp(`^Chat with: ${danName}`) });
    await chatItem.getByText('1 unread').waitFor();
    await screenshot(eve, 'messaging-dm-unread-375', false);
    expect(await notReloaded(eve)).toBe(true);

    // Opening the chat shows the message and clears every count.
    await chatItem.click();
    await eve.waitForURL((url) => url.searchParams.get('chat') === chatId);
    await chatLog(eve, danName).getByText(hello, { exact: true }).waitFor();
    await menuLink(eve, 'Messaging').waitFor();
    await menuLink(eve, 'Direct Messages').waitFor();
    expect(await chatItem.getByText('unread').count()).toBe(0);

    // A message arriving while she reads is read at once, here and on the server.
    const more = `One more thing ${uniqueName('m')}`;
    await dan.getByLabel('Type a message...').fill(more);
    await dan.getByRole('button', { name: 'Send' }).click();
    await chatLog(eve, danName).getByText(more, { exact: true }).waitFor();
    const answer = `Thanks dan ${uniqueName('m')}`;
    await eve.getByLabel('Type a message...').fill(answer);
    await eve.getByLabel('Type a message...').press('Enter');
    await chatLog(dan, eveName).getByText(answer, { exact: true }).waitFor();
    await screenshot(eve, 'messaging-dm-chat-375', false);
    await screenshot(dan, 'messaging-dm-chat-1280', false);

    // A reload keeps the open chat (it is in the URL) and the read position (it is on the server).
    await eve.reload();
    await chatLog(eve, danName).getByText(answer, { exact: true }).waitFor();
    await chatItem.waitFor();
    expect(await chatItem.getByText('unread').count()).toBe(0);
    expect(await menuLink(eve, 'Direct Messages').count()).toBe(1);
    expect(await menuLink(eve, 'Messaging').count()).toBe(1);

    // Someone else cannot open it by its URL, and does not have it in their list.
    await fay.goto(`/messaging/direct-message?chat=${chatId}`);
    await fay.getByRole('alert').getByText('You are not a participant in this chat.').waitFor();
    expect(await fay.getByText(hello).count()).toBe(0);
    expect(await fay.getByRole('link', { name: /^Chat with:/ }).count()).toBe(0);
    await screenshot(fay, 'messaging-dm-forbidden', false);
    await fay.goto('/messaging/direct-message?chat=not-a-chat');
    await fay.getByRole('alert').getByText('Invalid chat ID').waitFor();
    await fay.goto(`/messaging/direct-message?chat=${chatId}`);
    await fay.getByText('You are not a participant in this chat.').waitFor();

    // Once Dan adds her, she gets the chat and its history, live.
    await dan.getByRole('button', { name: 'Add Participant' }).click();
    await dan.getByLabel('Search users to add').fill(fayName);
    await dan.getByRole('radio', { name: fayName }).check();
    await dan.getByRole('button', { name: 'Add', exact: true }).click();
    await dan.getByText(`Participants: ${danName} (you), ${eveName}, ${fayName}`).waitFor();
    await fay
      .getByRole('heading', { name: `Chat with: ${danName}, ${eveName}`, level: 2 })
      .waitFor();
    await chatLog(fay, `${danName}, ${eveName}`).getByText(hello, { exact: true }).waitFor();
    await eve.getByText(`Participants: ${danName}, ${eveName} (you), ${fayName}`).waitFor();

    for (const page of [dan, eve, fay]) await page.context().close();
  });
});
