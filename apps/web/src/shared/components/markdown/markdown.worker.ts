import { markdownToTree } from './markdownToTree';
import type { FormatReply, FormatRequest } from './markdownTree';

// The Markdown worker: parses and highlights posts off the page's thread, one request at a time. The
// page gives each request a deadline and replaces the worker when one runs past it.

const reply = (message: FormatReply) => self.postMessage(message);

async function format({ id, text, inline }: FormatRequest) {
  try {
    reply({ type: 'done', id, nodes: await markdownToTree(text, inline) });
  } catch {
    reply({ type: 'failed', id });
  }
}

self.addEventListener('message', (event: MessageEvent<FormatRequest>) => {
  void format(event.data);
});
reply({ type: 'ready' });
