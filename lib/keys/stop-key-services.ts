import { stopKeyChangeListener } from './key-change-listener';
import { stopKeyInvalidationSubscriber } from './key-invalidation';
import { sharedLastUsedTracker } from './last-used';

/** Shutdown of what keys keep running in a process: pending last-used times written, the LISTEN connection and the Redis subscription closed. */
export async function stopKeyServices(): Promise<void> {
  await sharedLastUsedTracker().flush();
  await stopKeyChangeListener();
  await stopKeyInvalidationSubscriber();
}
