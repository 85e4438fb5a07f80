/**
 * Fake secrets for tests, assembled at run time from a seeded generator (xorshift), so that test files hold
 * nothing that looks like a real key to other scanners.
 */
export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function fake(length: number, seed: number, alphabet = ALNUM): string {
  let s = seed * 7919 + 17;
  let out = "";
  for (let i = 0; i < length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out += alphabet[(s >>> 0) % alphabet.length];
  }
  return out;
}
