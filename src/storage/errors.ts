/**
 * Storage errors (k8s.io/apiserver/pkg/storage/errors.go in spirit): what went wrong in storage
 * terms, as thrown by the Storage interface. A shard replies with the failure as plain data
 * (durable/protocol.ts); the registry translates them into API Status errors per verb.
 */
import type { StorageErrorCode, StorageFailure } from '../durable/protocol.js';

export type { StorageErrorCode, StorageFailure } from '../durable/protocol.js';

export class StorageError extends Error {
  constructor(readonly failure: StorageFailure) {
    super(`${failure.code}: ${failure.key}`);
    this.name = 'StorageError';
  }
  get code(): StorageErrorCode {
    return this.failure.code;
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}
