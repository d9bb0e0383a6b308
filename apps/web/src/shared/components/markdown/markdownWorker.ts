import { createMarkdownFormatter, type FormatWorker } from './markdownFormatter';
import type { FormatReply } from './markdownTree';
import { plainTextTree } from './plainText';

/** Past this a post stays plain text; real posts of the full 30,000 characters take well under a second. */
const FORMAT_TIMEOUT_MS = 3000;

/** The Markdown worker: its own chunk (the parser and highlight.js), fetched when a post is first shown. */
function startMarkdownWorker(
  onReply: (reply: FormatReply) => void,
  onError: () => void,
): FormatWorker | null {
  if (typeof Worker === 'undefined') return null;
  const worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), {
    type: 'module',
    name: 'markdown',
  });
  worker.onmessage = (event: MessageEvent<FormatReply>) => onReply(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError();
  };
  return { post: (request) => worker.postMessage(request), terminate: () => worker.terminate() };
}

/** The one formatter of the page: every post, answer, comment and preview shares its worker and results. */
export const markdownFormatter = createMarkdownFormatter({
  createWorker: startMarkdownWorker,
  timeoutMs: FORMAT_TIMEOUT_MS,
  keepUnused: 100,
  formatAtOnce: plainTextTree,
});
