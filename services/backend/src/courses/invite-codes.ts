import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a code read aloud or copied from a projector survives.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** When a code issued now stops working by default: after `days` (0: never). */
export function inviteExpiry(days: number): string | null {
  return days === 0 ? null : new Date(Date.now() + days * 86_400_000).toISOString();
}

/** Codes are case-insensitive; we store and compare them upper-cased, without spaces or dashes. */
export function normaliseInviteCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}
