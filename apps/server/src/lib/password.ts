import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from './semaphore.ts';

/** OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane. */
/** `Algorithm.Argon2id` is an ambient const enum, which isolated modules cannot read; its value is 2. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing is memory-hard on purpose, so it runs a few at a time: 300 concurrent logins queue here
 * instead of allocating 300 × 19 MiB at once (docs/reliability.md L6).
 */
const hashing = new Semaphore(2, 2000);

/** The hashing queue's load: at most 2 running however many logins arrive (L6). */
export const hashingStats = (resetPeaks = false) => hashing.stats(resetPeaks);

export const hashPassword = (password: string) => hashing.run(() => hash(password, OPTIONS));

export const verifyPassword = (passwordHash: string, password: string) =>
  hashing.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });

/** Verified against when the account does not exist, so both answers take the same time (A4). */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string) => {
  dummyHash ??= hash('not-a-real-password-for-timing', OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
};
