import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-root';

/**
 * The README's HAProxy configuration (section "Several processes"), read from the README itself and
 * run by a real haproxy in front of test servers: the documentation and its test cannot drift.
 */

/** HAPROXY_PATH when set, else Debian's haproxy (/usr/sbin is often not on a user's PATH). */
export function findHaproxy(): string | null {
  const named = process.env.HAPROXY_PATH;
  if (named) return existsSync(named) ? named : null;
  for (const path of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'])
    if (existsSync(path)) return path;
  try {
    return execFileSync('which', ['haproxy'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export const HAPROXY_MISSING = [
  "No haproxy was found for the test of the README's HAProxy configuration.",
  'Install it with:  sudo apt-get update && sudo apt-get install -y haproxy',
  'or point HAPROXY_PATH at an haproxy binary (2.6 or later).',
].join('\n');

const INTRODUCTION = 'HAProxy, for three processes on ports 8001 to 8003:';
/** The ports the README's block names, in the order of its `server` lines. */
export const README_PORTS = [8001, 8002, 8003] as const;

/** The configuration as the README shows it: the code block after its introduction. */
export function readmeHaproxyConfig(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const after = readme.indexOf(INTRODUCTION);
  const block = /```[^\n]*\n([\s\S]*?)\n```/.exec(readme.slice(after));
  if (after < 0 || !block?.[1])
    throw new Error(`README.md has no code block after "${INTRODUCTION}" any more.`);
  return block[1];
}

/** `text` with every `from` replaced, which must be there exactly `times` times. */
function replaceExactly(text: string, from: string, to: string, times: number): string {
  const found = text.split(from).length - 1;
  if (found !== times)
    throw new Error(
      `The README's HAProxy block names "${from}" ${found} times, not ${times}: ` +
        'test/haproxy.test.ts substitutes it and needs updating with the README.',
    );
  return text.split(from).join(to);
}

export interface ConfigPlaces {
  /** Where the balancer listens (on 127.0.0.1), for the README's `bind :80`. */
  port: number;
  /** The test servers' ports, for the README's 8001 to 8003 (each named by both backends). */
  serverPorts: readonly number[];
  /** Health checks this often (haproxy's default is 2 s, so a dead process goes out after 6 s). */
  checkInterval: string;
}

/** The README's block with the test's addresses; nothing else of it is changed but the interval. */
export function haproxyConfigFor(readme: string, places: ConfigPlaces): string {
  if (places.serverPorts.length !== README_PORTS.length)
    throw new Error(`The README's block has ${README_PORTS.length} servers.`);
  let config = replaceExactly(readme, 'bind :80\n', `bind 127.0.0.1:${places.port}\n`, 1);
  for (const [i, port] of README_PORTS.entries())
    config = replaceExactly(config, `127.0.0.1:${port} `, `127.0.0.1:${places.serverPorts[i]} `, 2);
  return replaceExactly(
    config,
    'defaults\n',
    `defaults\n    default-server inter ${places.checkInterval}\n`,
    1,
  );
}

/** The `backend/server` names haproxy gives the server at this port, as its messages print them. */
export function serverNamesAt(config: string, port: number): string[] {
  const names: string[] = [];
  let backend = '';
  for (const line of config.split('\n')) {
    const section = /^backend\s+(\S+)/.exec(line);
    if (section?.[1]) backend = section[1];
    const server = /^\s+server\s+(\S+)\s+127\.0\.0\.1:(\d+)\b/.exec(line);
    if (server?.[1] && Number(server[2]) === port) names.push(`${backend}/${server[1]}`);
  }
  return names;
}

export interface RunningHaproxy {
  url: string;
  /** What haproxy wrote on stderr (its warnings: a server going DOWN or UP). */
  stderr(): string;
  /** Resolves once haproxy has said that this server (`backend/name`) is DOWN. */
  sawDown(server: string, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/** haproxy in the foreground (`-db`) with this configuration; ready once it answers /healthz. */
export async function startHaproxy(binary: string, config: string): Promise<RunningHaproxy> {
  const bind = /bind 127\.0\.0\.1:(\d+)/.exec(config)?.[1];
  if (!bind) throw new Error('The configuration binds no 127.0.0.1 port.');
  const dir = mkdtempSync(join(tmpdir(), 'qa-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, `${config}\n`);
  const child: ChildProcess = spawn(binary, ['-f', file, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test run that ends without its afterAll leaves no balancer behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${bind}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (child.exitCode !== null || Date.now() > deadline) {
    await stop();
    throw new Error(`haproxy did not start with this configuration:\n${config}\n${output}`);
  }

  return {
    url,
    stderr: () => output,
    async sawDown(server, ms = 10_000) {
      const end = Date.now() + ms;
      while (!output.includes(`Server ${server} is DOWN`)) {
        if (Date.now() > end) throw new Error(`haproxy did not take ${server} out:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop,
  };
}
