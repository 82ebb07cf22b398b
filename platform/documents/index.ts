/**
 * Stored uploads: drivers' documents and rides' audio recordings, checked on the way in and
 * encrypted at rest. The API opens the storage once (openStorage) and hands its `store` to the
 * routes, which call storeDocument / storeRecording with the uploaded file's stream.
 */
export { loadStorageConfig, storageConfigOf, storageEnvironment, type StorageConfig, type StorageEnvironment } from './config.js';
export { openStorage, type OpenedStorage, type StorageLog } from './openStorage.js';
export { ObjectNotFoundError, InvalidObjectKeyError, type ObjectStore, type StoredObject } from './objectStore.js';
export { ObjectTamperedError, UnknownEncryptionKeyError } from './encryption/envelope.js';
export { deleteObjectsOlderThan, RECORDING_RETENTION_DAYS, type RetentionSweep } from './retention.js';
export { storeDocument, storeRecording, type StoredUpload } from './uploads/storeUpload.js';
export { checkDocumentUpload, checkRecordingUpload, type CheckedDocument, type CheckedRecording } from './uploads/checkUpload.js';
export { UploadRejectedError, type UploadRejection } from './uploads/uploadRejected.js';
export {
  documentContentTypes,
  recordingContentTypes,
  DOCUMENT_TYPES_ACCEPTED,
  RECORDING_TYPES_ACCEPTED,
  type DocumentContentType,
  type RecordingContentType,
} from './uploads/contentTypes.js';
export { MAX_DOCUMENT_BYTES, MAX_RECORDING_MINUTES, RECORDING_BYTES_PER_MINUTE, recordingLimitBytes } from './uploads/limits.js';
