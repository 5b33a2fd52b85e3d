import { isDatabaseUnavailable } from './database-unavailable';
import { getPool } from './pool';

/** Whether the database answers a trivial query within `timeoutMs`; other failures are thrown. */
export async function databaseAnswers(timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([getPool().query('SELECT 1').then(() => true), timedOut]);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return false;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
