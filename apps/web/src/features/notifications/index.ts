/** The notifications feature's parts used outside it: the header's bell. */
export { NotificationBell } from './components/NotificationBell';
