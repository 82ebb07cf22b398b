export { demandPerCellHourProjection, foldRideDemand, DEMAND_H3_RESOLUTION } from './projection.js';
export { demandPerCellHour, type DemandLine } from './queries.js';
export type { DemandPerCellHourTables, RideDemandRow } from './demandPerCellHour.table.js';
