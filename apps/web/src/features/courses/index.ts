/** The course page's own tabs, for the app to compose with the other features' tabs. */
export { MembersTab } from './components/MembersTab';
export { OverviewTab } from './components/OverviewTab';
