/** What the web app says about Markdown posts: the preview beside the ask and answer boxes, and the fallback. */
export const markdownMessages = {
  previewTitle: 'Preview',
  previewEmpty: 'Nothing to preview yet.',
  helpLead: 'Markdown works here:',
  /** Shown as code, one example each. */
  helpExamples: [
    '**bold**',
    '*italic*',
    '`code`',
    '```js … ```',
    '> quote',
    '- list',
    '[text](https://…)',
  ],
  plainText: 'This text is too complex to format, so it is shown as plain text.',
} as const;
