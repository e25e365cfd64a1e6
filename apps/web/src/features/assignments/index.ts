/** The assignments feature's tabs of the course page (the app composes that page). */
export { AssignmentsTab } from './components/AssignmentsTab';
export { GradesTab } from './components/GradesTab';
