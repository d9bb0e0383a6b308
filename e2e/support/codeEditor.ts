import type { Locator, Page } from 'playwright-core';

/**
 * The CodeMirror editor named `label` (its content is a textbox labelled by the field's label). It
 * is loaded lazily: waiting for the textbox waits for the editor itself, not its placeholder.
 */
export function codeEditor(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** The editor's text, line by line as CodeMirror shows it. */
export async function codeEditorText(page: Page, label: string): Promise<string> {
  const editor = codeEditor(page, label);
  await editor.waitFor();
  const lines = await editor.locator('.cm-line').allInnerTexts();
  return lines.join('\n');
}

/**
 * Types into the editor key by key, as a person does: CodeMirror closes brackets as they open and
 * steps over a closing one typed by hand, so one-line code comes out exactly as typed.
 */
export async function typeCode(page: Page, label: string, code: string): Promise<void> {
  const editor = codeEditor(page, label);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(code);
}

/** Replaces the editor's text at once (as a paste would), for code over several lines. */
export async function pasteCode(page: Page, label: string, code: string): Promise<void> {
  const editor = codeEditor(page, label);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(code);
}

/**
 * The text of a shared (Yjs) editor: like codeEditorText, without the other players' cursors and
 * name labels that sit inside its lines.
 */
export async function sharedEditorText(page: Page, label: string): Promise<string> {
  const editor = codeEditor(page, label);
  await editor.waitFor();
  return editor.evaluate((content) =>
    Array.from(content.querySelectorAll('.cm-line'))
      .map((line) => {
        const copy = line.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.cm-ySelectionCaret').forEach((caret) => caret.remove());
        return copy.textContent ?? '';
      })
      .join('\n'),
  );
}
