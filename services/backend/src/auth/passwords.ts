import { randomInt } from 'node:crypto';
import {
  AppError,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
  passwordRuleChecks,
} from '@faraday/contracts';
import { hash, verify } from '@node-rs/bcrypt';

export { PASSWORD_MIN_LENGTH } from '@faraday/contracts';

const PROBLEMS: Record<PasswordRule, string> = {
  length: `at least ${PASSWORD_MIN_LENGTH} characters`,
  letter: 'a letter',
  digit: 'a digit',
  notUsername: 'to differ from the username',
  maxBytes: `at most ${PASSWORD_MAX_BYTES} bytes`,
};

/** What the password lacks under the complexity rule (contracts' passwordRuleChecks); empty when fine. */
export function passwordProblems(password: string, username?: string): string[] {
  return passwordRuleChecks(password, username)
    .filter((check) => !check.ok)
    .map((check) => PROBLEMS[check.rule]);
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
