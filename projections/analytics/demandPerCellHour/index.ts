export { demandPerCellHour, type DemandLine } from './queries.js';
