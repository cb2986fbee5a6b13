import { describe, expect, it } from 'vitest';
import {
  DECOY_HASH,
  generateTemporaryPassword,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../worker/auth/password';
import { isStrongPassword } from '../../worker/domain/password-policy';

/** A hash made before decision 232, with N=2^15 r=8 p=3 (Node's scrypt, the same salt every time). */
const OLD_HASH =
  'scrypt$32768$8$3$c2FsdC1vZi10aGUtdGVzdA==$dvQ+JDkZojnX9Pp7m0LbuESJ359MKNjQHzbwEzyq2tbGacTqdsxzWtClqOWM9mFfnwssJ5/rhyft//blBylQkw==';

describe('password hashing (scrypt)', () => {
  it('verifies the password it hashed, and only that one', async () => {
    const hash = await hashPassword('Demo#2026-ecole');
    expect(hash).toMatch(/^scrypt\$8192\$8\$10\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Demo#2026-ecole', hash)).toBe(true);
    expect(await verifyPassword('demo#2026-ecole', hash)).toBe(false);
    expect(await verifyPassword('Demo#2026-ecole ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('still verifies hashes made with the former parameters, and asks to make them again', async () => {
    expect(await verifyPassword('Demo#2026-ecole', OLD_HASH)).toBe(true);
    expect(await verifyPassword('Demo#2026-ecolE', OLD_HASH)).toBe(false);
    expect(needsRehash(OLD_HASH)).toBe(true);
    expect(needsRehash(await hashPassword('Demo#2026-ecole'))).toBe(false);
    expect(needsRehash(DECOY_HASH)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Meme#Mot-2026'), hashPassword('Meme#Mot-2026')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Meme#Mot-2026', b)).toBe(true);
  });

  it('compares Unicode passwords in their normalized form', async () => {
    const composed = 'Élève#2026-ok';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('refuses malformed hashes and the decoy', async () => {
    for (const stored of ['', 'plain', 'pbkdf2$1$2$3$abc$def', 'scrypt$32768$8$3$$']) {
      expect(await verifyPassword('Demo#2026-ecole', stored), stored).toBe(false);
    }
    expect(await verifyPassword('Demo#2026-ecole', DECOY_HASH)).toBe(false);
  });
});

describe('temporary passwords', () => {
  it('always meet the policy, avoid look-alike characters and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = generateTemporaryPassword();
      expect(isStrongPassword(password), password).toBe(true);
      expect(password).toHaveLength(14);
      expect(password).not.toMatch(/[0O1lI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
