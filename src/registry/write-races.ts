/**
 * Writes the server makes on its own (bootstrap objects, controllers' status) race with other
 * isolates doing the same: AlreadyExists, Conflict and NotFound mean another writer got there
 * first, and the next pass looks again, as kube's controllers requeue.
 */
import { StatusError } from '../apimachinery/status.js';

/** Awaits `write`, ignoring 404 and 409 answers. */
export async function ignoreWriteRaces(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof StatusError && (error.code === 404 || error.code === 409))) throw error;
  }
}
