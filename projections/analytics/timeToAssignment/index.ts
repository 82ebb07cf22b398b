export { timeToAssignment, type TimeToAssignmentLine } from './queries.js';
