/** Query keys of the auth feature, built in one place. */
export const authKeys = {
  corpchatUrl: ['auth', 'corpchat-url'] as const,
  corpchatSignIn: (code: string | null) => ['auth', 'corpchat-sign-in', code] as const,
};
