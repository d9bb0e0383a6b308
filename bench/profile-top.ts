/**
 * The top of a V8 CPU profile, as the writes' profiling needs it: each function's self and inclusive
 * share of the process's busy time (idle, program and GC bookkeeping left out of the total).
 *
 *   cd bench && NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" node --import tsx writes.bench.ts
 *   node --import tsx profile-top.ts /tmp/prof/<the server's file>.cpuprofile [rows]
 *
 * The server child inherits NODE_OPTIONS and writes its profile when it stops; the largest file in
 * the folder is the server's.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-top.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const NOT_BUSY = new Set(['(idle)', '(program)', '(garbage collector)']);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
for (const sample of profile.samples) {
  const node = byId.get(sample);
  if (!node || NOT_BUSY.has(node.callFrame.functionName)) continue;
  busy++;
  const own = label(node);
  self.set(own, (self.get(own) ?? 0) + 1);
  // Each function once per sample, however deep it recurses.
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const name = label(byId.get(id)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  }
}

const table = (title: string, counts: Map<string, number>) => {
  console.log(`\n${title} (% of ${busy} busy samples)`);
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((100 * count) / busy).toFixed(1).padStart(6)}  ${name}`);
};
table('self', self);
table('inclusive', inclusive);
