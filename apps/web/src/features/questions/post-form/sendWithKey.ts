import { newSendKey } from '../../../shared/lib/sendKey';

// The key of each form's post whose send failed (a timeout may have reached the server after all):
// the same post sent again from that form is a retry and carries the same key, so the server answers
// with the post made first instead of posting it twice. A changed post is a new post with a new key;
// a post that went through is forgotten, so the next one from the form is new too. Kept in the
// module, not the form: leaving the page and coming back to the draft still retries the same post.
const KEPT = 20;
const failed = new Map<string, { post: string; key: string }>();

function keyFor(form: string, post: string): string {
  const kept = failed.get(form);
  return kept?.post === post ? kept.key : newSendKey();
}

function keep(form: string, post: string, key: string) {
  failed.delete(form);
  failed.set(form, { post, key });
  if (failed.size > KEPT) {
    const oldest = failed.keys().next().value;
    if (oldest !== undefined) failed.delete(oldest);
  }
}

/**
 * Sends `post` from the form named `form` (e.g. 'answer:12') with its send key: a new key for a new
 * post, the key of the failed send when the same post is sent again. The send's answer or error is
 * handed back as it is.
 */
export async function sendWithKey<T>(
  form: string,
  post: object,
  send: (sendKey: string) => Promise<T>,
): Promise<T> {
  const content = JSON.stringify(post);
  const sendKey = keyFor(form, content);
  try {
    const answer = await send(sendKey);
    failed.delete(form);
    return answer;
  } catch (error) {
    keep(form, content, sendKey);
    throw error;
  }
}

/** Which form a post is sent from: one slot per form, so each keeps its own failed post's key. */
export const sendForms = {
  question: () => 'question',
  answer: (qid: number) => `answer:${qid}`,
  comment: (parent: { type: 'question' | 'answer'; id: number }) =>
    `comment:${parent.type}:${parent.id}`,
};
