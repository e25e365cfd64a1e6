/** What the app shell uses of the auth feature; the router mounts its pages and session guard from routes/. */
export { useSignOut } from './api/sign-out';
export { DemoPasswordReminder } from './components/DemoPasswordReminder';
