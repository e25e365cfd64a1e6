import type { Migration } from 'kysely';
import { createUsers } from './0001-users.js';
import { createIdentity } from './0002-identity.js';
import { createCourses } from './0003-courses.js';
import { createSimulations } from './0004-simulations.js';
import { createSubmissionAttempts } from './0005-submission-attempts.js';
import { createConversations } from './0006-conversations.js';
import { addSweepProbeAndHistory } from './0007-sweep-history.js';
import { addSweepRunHeartbeat } from './0008-sweep-run-heartbeat.js';
import { createLoginFailures } from './0009-login-failures-by-address.js';
import { createCourseSearch } from './0010-course-search.js';
import { createBrowserSessions } from './0025-browser-sessions.js';
import { addCourseMaterialFeedState } from './0026-course-material-feed-state.js';
import { createAnnouncements } from './0027-announcements.js';
import { createCalendarFeeds } from './0028-calendar-feeds.js';
import { createQuizzes } from './0029-quizzes.js';
import { createRubrics } from './0030-rubrics.js';
import { createLatePolicy } from './0031-late-policy.js';
import { createGradebookEditing } from './0032-gradebook-editing.js';
import { createNotifications } from './0033-notifications.js';

/** Every migration in order; names sort in the order they must run. Never edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001-users': createUsers,
  '0002-identity': createIdentity,
  '0003-courses': createCourses,
  '0004-simulations': createSimulations,
  '0005-submission-attempts': createSubmissionAttempts,
  '0006-conversations': createConversations,
  '0007-sweep-history': addSweepProbeAndHistory,
  '0008-sweep-run-heartbeat': addSweepRunHeartbeat,
  '0009-login-failures-by-address': createLoginFailures,
  '0010-course-search': createCourseSearch,
  '0025-browser-sessions': createBrowserSessions,
  '0026-course-material-feed-state': addCourseMaterialFeedState,
  '0027-announcements': createAnnouncements,
  '0028-calendar-feeds': createCalendarFeeds,
  '0029-quizzes': createQuizzes,
  '0030-rubrics': createRubrics,
  '0031-late-policy': createLatePolicy,
  '0032-gradebook-editing': createGradebookEditing,
  '0033-notifications': createNotifications,
};
