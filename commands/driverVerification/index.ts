/** Admin verification of drivers (stream `driverVerification-<driverId>`). */
export {
  submitDriverApplication,
  approveDriver,
  rejectDriver,
  suspendDriver,
  reinstateDriver,
  type SubmitDriverApplicationInput,
  type ApproveDriverInput,
  type RejectDriverInput,
  type SuspendDriverInput,
  type ReinstateDriverInput,
} from './handlers.js';
