/** The announcements feature's tab of the course page (the app composes that page). */
export { AnnouncementsTab } from './components/AnnouncementsTab';
