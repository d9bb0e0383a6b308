// Each player's cursor colour in the shared editor: the same for a name on every screen. Dark
// enough for white name labels (4.5:1 or better).
const PALETTE = [
  '#b8500a',
  '#0a63b3',
  '#2b6b41',
  '#8a1a9b',
  '#a3242a',
  '#5b4a9e',
  '#116644',
  '#8a5a00',
] as const;

export function userColor(name: string): { color: string; colorLight: string } {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const color = PALETTE[hash % PALETTE.length]!;
  // The selection tint: the colour at 20% opacity.
  return { color, colorLight: `${color}33` };
}
