/** Admin verification of drivers (stream `driverVerification-<driverId>`). */
export {
  submitDriverApplication,
  approveDriver,
  rejectDriver,
  suspendDriver,
  reinstateDriver,
  attachDriverDocumentFile,
  type AttachDriverDocumentFileInput,
  type SubmitDriverApplicationInput,
  type ApproveDriverInput,
  type RejectDriverInput,
  type SuspendDriverInput,
  type ReinstateDriverInput,
} from './handlers.js';
