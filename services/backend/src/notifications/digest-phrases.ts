import type { NotificationKind } from '@faraday/contracts';

/** The digest e-mail's wording: data, so the text is changed here and nowhere else. */
export const digestPhrases = {
  subject: (count: number) =>
    count === 1 ? 'Faraday: 1 new notification' : `Faraday: ${count} new notifications`,
  greeting: (name: string) => `Hello ${name},`,
  intro: 'Here is what happened in your courses:',
  footer: 'Choose which notifications you receive, and which by e-mail, on the notifications page:',
  kinds: {
    assignment: 'Assignment published or changed',
    grade: 'Graded',
    announcement: 'Announcement',
    due_soon: 'Due within 24 hours',
    resubmission: 'New attempt waiting for grading',
  } satisfies Record<NotificationKind, string>,
};
