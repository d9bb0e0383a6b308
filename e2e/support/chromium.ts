import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Debian's Chromium (or CHROMIUM_PATH); playwright cannot download its own browsers here. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export const CHROMIUM_MISSING = [
  'No Chromium browser was found for the end-to-end tests.',
  'Install it with:  sudo apt-get update && sudo apt-get install -y chromium',
  'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
].join('\n');
