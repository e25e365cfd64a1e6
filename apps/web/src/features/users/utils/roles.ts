/** The roles an admin gives an account. */
export const roles = ['admin', 'teacher', 'student'] as const;
