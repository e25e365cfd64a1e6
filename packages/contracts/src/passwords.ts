/** bcrypt reads at most 72 bytes; longer passwords would be silently truncated, so they are refused. */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_MIN_LENGTH = 8;

export const passwordRules = ['length', 'letter', 'digit', 'notUsername', 'maxBytes'] as const;
export type PasswordRule = (typeof passwordRules)[number];

/**
 * The complexity rule (docs/adr/0012-login-failures-and-passwords.md), one verdict per rule: at
 * least 8 characters with a letter and a digit, not the username, at most 72 bytes. The backend
 * enforces it; clients show it as the user types.
 */
export function passwordRuleChecks(
  password: string,
  username?: string,
): { rule: PasswordRule; ok: boolean }[] {
  return [
    { rule: 'length', ok: [...password].length >= PASSWORD_MIN_LENGTH },
    { rule: 'letter', ok: /\p{L}/u.test(password) },
    { rule: 'digit', ok: /\p{Nd}/u.test(password) },
    {
      rule: 'notUsername',
      ok: username === undefined || password.toLowerCase() !== username.toLowerCase(),
    },
    { rule: 'maxBytes', ok: new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES },
  ];
}
