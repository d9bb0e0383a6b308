/** Real descriptions for the tags the demo (and the synthetic bulk) use most. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  javascript:
    'For questions about programming in ECMAScript (JavaScript/JS) and its dialects. Mention the runtime (browser, Node.js) when it matters.',
  react:
    'React is a JavaScript library for building user interfaces out of components, state and props.',
  sql: 'Structured Query Language: querying and changing relational databases. Add a tag for the database engine too.',
  typescript: 'TypeScript is a typed superset of JavaScript that compiles to plain JavaScript.',
  'node.js':
    'Node.js is a JavaScript runtime built on V8 for servers, tools and scripts, with non-blocking I/O.',
  sqlite: 'SQLite is a small, fast, self-contained, embedded SQL database engine.',
  css: 'Cascading Style Sheets: the language that describes how HTML documents are presented.',
  python: 'Python is a dynamically typed, general-purpose language known for its readability.',
};
