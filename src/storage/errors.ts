/**
 * Storage errors (k8s.io/apiserver/pkg/storage/errors.go in spirit): what went wrong in storage
 * terms. The registry translates them into API Status errors per verb.
 */
import type { StoredObject } from './types.js';

export type StorageErrorCode =
  | 'KeyNotFound'
  | 'KeyExists'
  | 'Conflict'
  /** The requested resourceVersion is older than the history window (compacted). */
  | 'Expired'
  /** The requested resourceVersion is newer than anything committed. */
  | 'TooLargeResourceVersion';

/** A storage failure as it crosses the Durable Object RPC boundary: plain data. */
export interface StorageFailure {
  code: StorageErrorCode;
  key: string;
  /** For Conflict: the current revision, so the caller can retry without another read. */
  current?: StoredObject;
  /** For TooLargeResourceVersion and Expired: the newest committed resourceVersion. */
  currentResourceVersion?: number;
  requestedResourceVersion?: number;
  /** For a watch's Expired: the oldest resourceVersion the history still reaches. */
  oldestResourceVersion?: number;
}

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

/** What a Durable Object method returns: a value, or a failure (errors do not cross RPC intact). */
export type StorageReply<T> = { ok: true; value: T } | { ok: false; failure: StorageFailure };
