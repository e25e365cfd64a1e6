/** What the app shell and router use of the auth feature; its pages are loaded by the router. */
export { useSignOut } from './api/sign-out';
export { DemoPasswordReminder } from './components/DemoPasswordReminder';
export { RequireSession } from './components/RequireSession';
