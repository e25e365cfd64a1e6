import { passwordRuleChecks } from '@faraday/contracts';

/** The backend's own complexity rule, checked as the user types. */
export function passwordChecks(password: string, username: string) {
  return passwordRuleChecks(password, username === '' ? undefined : username).map((check) =>
    check.rule === 'notUsername' && password === '' ? { ...check, ok: false } : check,
  );
}
