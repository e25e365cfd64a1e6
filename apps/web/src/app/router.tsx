import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../components/RouteError';
// The session guard is imported from its own module, not the auth index, so the first page loads
// without the API client and the shell's components.
import { RequireSession } from '../features/auth/routes/RequireSession';

/** Every page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * While the first page's chunk loads, nothing is drawn (as before), but said explicitly: without a
 * HydrateFallback on a matched route React Router warns on every first load.
 */
const Blank = () => null;

export const router = createBrowserRouter([
  {
    HydrateFallback: Blank,
    children: [
      {
        path: '/sign-in',
        lazy: page(() => import('../features/auth/routes/SignInPage')),
        errorElement: <RouteError />,
      },
      {
        element: <RequireSession />,
        errorElement: <RouteError />,
        children: [
          {
            path: '/change-password',
            lazy: page(() => import('../features/auth/routes/ChangePasswordPage')),
          },
          {
            lazy: async () => ({ Component: (await import('./Shell')).Shell }),
            errorElement: <RouteError />,
            children: [
              { path: '/', lazy: page(() => import('../features/dashboard/routes/DashboardPage')) },
              { path: '/courses', lazy: page(() => import('../features/courses/routes/CoursesPage')) },
              { path: '/courses/:courseId/:tab?', lazy: page(() => import('./routes/CoursePage')) },
              {
                path: '/courses/:courseId/assignments/:assignmentId',
                lazy: page(() => import('../features/assignments/routes/AssignmentPage')),
              },
              { path: '/calendar', lazy: page(() => import('../features/calendar/routes/CalendarPage')) },
              {
                path: '/notifications',
                lazy: page(() => import('../features/notifications/routes/NotificationsPage')),
              },
              { path: '/lab', lazy: page(() => import('../features/lab/routes/LabPage')) },
              { path: '/lab/history', lazy: page(() => import('../features/lab/routes/HistoryPage')) },
              { path: '/lab/:solver', lazy: page(() => import('../features/lab/routes/SolverPage')) },
              { path: '/tutor/:tab?', lazy: page(() => import('../features/tutor/routes/TutorPage')) },
              { path: '/users', lazy: page(() => import('../features/users/routes/UsersPage')) },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
]);
