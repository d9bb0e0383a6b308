import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markdownToTree, MarkdownTooDeepError } from './markdownToTree';
import type { MarkdownNode } from './markdownTree';
import { renderNodes } from './renderMarkdownTree';

/** The HTML a post's text becomes on the page (worker parse, then the page's allow-list renderer). */
async function html(text: string, inline = false): Promise<string> {
  return renderToStaticMarkup(<>{renderNodes(await markdownToTree(text, inline), inline)}</>);
}

const tags = (markup: string) => [...markup.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]);

describe('Markdown posts: CommonMark with code', () => {
  it('renders paragraphs, emphasis, inline code, lists and block quotes', async () => {
    const out = await html(
      'Some *emphasis*, **strong** and `inline code`.\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted',
    );
    expect(out).toContain(
      '<p>Some <em>emphasis</em>, <strong>strong</strong> and <code>inline code</code>.</p>',
    );
    expect(out).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
  });

  it('highlights a fenced js block: <pre><code> with highlight spans', async () => {
    const out = await html('```js\nconst answer = 42; // why\n```');
    expect(out).toContain('<pre tabindex="0"><code class="hljs language-js">');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    expect(out).toContain('<span class="hljs-number">42</span>');
    expect(out).toContain('<span class="hljs-comment">// why</span>');
  });

  it('shows code of an unknown or no language as plain monospace code', async () => {
    expect(await html('```klingon\nqapla();\n```')).toBe(
      '<pre tabindex="0"><code class="hljs language-klingon">qapla();\n</code></pre>',
    );
    expect(await html('    indented();')).toBe(
      '<pre tabindex="0"><code>indented();\n</code></pre>',
    );
  });

  it('keeps the words of code as text, so they read (and search) as typed', async () => {
    const out = await html('```python\ndef fibonacci(n):\n    return n\n```');
    expect(out.replace(/<[^>]+>/g, '')).toContain('def fibonacci(n):\n    return n');
  });

  it('starts headings at h3, below the page title and the answers heading', async () => {
    expect(await html('# Title\n\n## Sub\n\n###### Small')).toBe(
      '<h3>Title</h3>\n<h4>Sub</h4>\n<h6>Small</h6>',
    );
  });
});

describe('Markdown posts: rendered safely', () => {
  it('shows raw HTML as text: no script, no img, no attributes', async () => {
    const out = await html(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\nInline <b onmouseover="alert(1)">bold</b> <a href="https://example.com" onclick="alert(1)">x</a>',
    );
    expect(tags(out)).toEqual(['p', 'p', 'p']);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&lt;b onmouseover=&quot;alert(1)&quot;&gt;bold&lt;/b&gt;');
    expect(out).not.toMatch(/<[^>]*\son\w+=/);
  });

  it("turns the spec's [text](https://…) into a link in a new tab without the opener", async () => {
    expect(await html('Read [the docs](https://example.com/docs?a=1) first.')).toBe(
      '<p>Read <a href="https://example.com/docs?a=1" target="_blank" rel="noopener noreferrer">the docs</a> first.</p>',
    );
    expect(await html('<https://example.com/x>')).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">',
    );
  });

  it('refuses javascript:, data:, http: and other links: their text stays, as plain text', async () => {
    for (const text of [
      '[x](javascript:alert(1))',
      '[x](JavaScript:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[x](http://example.com)',
      '[x](//example.com)',
      '[x](https://)',
      '[x][evil]\n\n[evil]: javascript:alert(1)',
      '[x](&#106;avascript:alert(1))',
    ]) {
      expect(await html(text), text).toBe('<p>x</p>');
    }
    expect(await html('<javascript:alert(1)>')).toBe('<p>javascript:alert(1)</p>');
  });

  it('shows the real address of a link whose text reads as an address on another host', async () => {
    const a = (href: string, text = href) =>
      `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;
    expect(await html('[https://bank.example/login](https://evil.example/login)')).toBe(
      `<p>${a('https://evil.example/login')}</p>`,
    );
    expect(await html('Sign in at [**bank.example**](https://evil.example/x).')).toBe(
      `<p>Sign in at ${a('https://evil.example/x')}.</p>`,
    );
    expect(await html('[https://bank.example](https://evil.example)', true)).toBe(
      a('https://evil.example'),
    );
    expect(await html('![https://bank.example/logo](https://evil.example/t.png)')).toBe(
      `<p>${a('https://evil.example/t.png')}</p>`,
    );
    // A text naming the host it opens, or no address at all, stays as written.
    expect(await html('[bank.example/login](https://www.bank.example/login)')).toBe(
      `<p>${a('https://www.bank.example/login', 'bank.example/login')}</p>`,
    );
    expect(await html('[the login page](https://evil.example/login)')).toBe(
      `<p>${a('https://evil.example/login', 'the login page')}</p>`,
    );
  });

  it('never loads images: their text, linked to the image when its address is https', async () => {
    expect(await html('![a diagram](https://example.com/d.png)')).toBe(
      '<p><a href="https://example.com/d.png" target="_blank" rel="noopener noreferrer">a diagram</a></p>',
    );
    expect(await html('![tracker](http://example.com/t.gif) ![x](javascript:alert(1))')).toBe(
      '<p>tracker x</p>',
    );
  });

  it('refuses nesting deeper than the limit (500 block quotes or lists), and formats ordinary depth', async () => {
    await expect(markdownToTree('>'.repeat(500) + ' deep', false)).rejects.toBeInstanceOf(
      MarkdownTooDeepError,
    );
    await expect(markdownToTree('- '.repeat(500) + 'deep', false)).rejects.toBeInstanceOf(
      MarkdownTooDeepError,
    );
    const ten = await html('> '.repeat(10) + 'ten deep');
    expect(tags(ten).filter((t) => t === 'blockquote')).toHaveLength(10);
  });

  it('renders comments as inline Markdown: emphasis, code and links, blocks stay text', async () => {
    expect(
      await html('**Nice**, use `Array.from` — see [MDN](https://developer.mozilla.org).', true),
    ).toBe(
      '<strong>Nice</strong>, use <code>Array.from</code> — see <a href="https://developer.mozilla.org" target="_blank" rel="noopener noreferrer">MDN</a>.',
    );
    expect(await html('# not a heading\n- not a list\n> not a quote', true)).toBe(
      '# not a heading\n- not a list\n&gt; not a quote',
    );
    expect(await html('<script>alert(1)</script> [x](javascript:alert(1))', true)).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; x',
    );
  });
});

describe('the page renders a formatted tree through an allow-list', () => {
  const el = (
    tag: string,
    props: Extract<MarkdownNode, { type: 'element' }>['props'],
    children: MarkdownNode[] = [{ type: 'text', value: 'inside' }],
  ): MarkdownNode => ({ type: 'element', tag, props, children });
  const render = (nodes: MarkdownNode[], inline = false) =>
    renderToStaticMarkup(<>{renderNodes(nodes, inline)}</>);

  it('keeps only the content of elements it does not know', () => {
    expect(
      render([el('script', {}), el('iframe', { src: 'https://evil.example' }), el('div', {})]),
    ).toBe('insideinsideinside');
  });

  it('drops every attribute but the highlighter classes, https links and a list start', () => {
    expect(
      render([
        el('span', { className: 'hljs-keyword page sr-only title_' }),
        el('code', { className: 'language-js hljs evil' }),
        el('a', { href: 'javascript:alert(1)' }),
        el('p', { className: 'alert', title: 'x' }),
      ]),
    ).toBe(
      '<span class="hljs-keyword title_">inside</span><code class="language-js hljs">inside</code>inside<p>inside</p>',
    );
  });

  it('renders inline only in comments', () => {
    expect(render([el('p', {}, [el('pre', {}), el('em', {})])], true)).toBe(
      'inside<em>inside</em>',
    );
  });
});
