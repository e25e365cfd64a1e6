import { randomInt } from 'node:crypto';
import { AppError } from '@faraday/contracts';
import { hash, verify } from '@node-rs/bcrypt';

// bcrypt reads at most 72 bytes; longer passwords would be silently truncated, so we refuse them.
const BCRYPT_MAX_BYTES = 72;
export const PASSWORD_MIN_LENGTH = 8;

/**
 * The complexity rule (DESIGN §5): at least 8 characters with a letter and a digit, not the
 * username, and at most 72 bytes. Returns what is missing, empty when the password is fine.
 */
export function passwordProblems(password: string, username?: string): string[] {
  const problems: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (!/\p{L}/u.test(password)) problems.push('a letter');
  if (!/\p{Nd}/u.test(password)) problems.push('a digit');
  if (username !== undefined && password.toLowerCase() === username.toLowerCase()) {
    problems.push('to differ from the username');
  }
  if (Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES)
    problems.push(`at most ${BCRYPT_MAX_BYTES} bytes`);
  return problems;
}

export function assertStrongPassword(password: string, username?: string): void {
  const problems = passwordProblems(password, username);
  if (problems.length > 0) {
    throw new AppError('WEAK_PASSWORD', `The password needs ${problems.join(', ')}`, {
      details: problems.join('; '),
    });
  }
}

export class PasswordHasher {
  /** A real hash of a random password: verified against when a username does not exist. */
  private readonly decoy: Promise<string>;

  constructor(private readonly cost: number) {
    this.decoy = hash(generatePassword(), { cost });
  }

  hash(password: string): Promise<string> {
    return hash(password, { cost: this.cost });
  }

  /**
   * Verifies against the stored hash, or against the decoy when there is none, so a login for
   * a user that does not exist costs the same bcrypt work as one that does.
   */
  async verify(password: string, storedHash: string | undefined): Promise<boolean> {
    const target = storedHash ?? (await this.decoy);
    const matches = await verify(password, target).catch(() => false);
    return storedHash !== undefined && matches;
  }
}

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password that satisfies the complexity rule (16 characters, letters and digits). */
export function generatePassword(length = 16): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (passwordProblems(password).length === 0) return password;
  }
}
