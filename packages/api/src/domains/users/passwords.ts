import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt is memory-hard. The cost (log2 of N) comes from the server's settings through ApiDeps and is
 * kept in each hash, so it can rise later without breaking old ones.
 */
export const DEFAULT_SCRYPT_LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 1) * (options.r ?? 8) + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** 'scrypt$logN$r$p$salt$key', salt and key in base64. */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** logN, r: R, p: P });
  return ['scrypt', logN, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Verifying against this when the username is unknown makes both failures take the same time: one
// decoy per cost, made at the cost real hashes have.
const decoys = new Map<number, Promise<string>>();
export function decoyHash(logN: number): Promise<string> {
  let decoy = decoys.get(logN);
  if (!decoy) decoys.set(logN, (decoy = hashPassword(randomBytes(16).toString('hex'), logN)));
  return decoy;
}
