/** The resources feature's tab of the course page (the app composes that page). */
export { ResourcesTab } from './components/ResourcesTab';
