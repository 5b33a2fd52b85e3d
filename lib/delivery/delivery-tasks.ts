import type { TaskList } from 'graphile-worker';
import { getPool } from '@/lib/db/pool';
import { runEndpointTurn } from './endpoint-turn';
import { DELIVERY_TASK } from './job-queue';
import { ENDPOINT_TASK, wakeEndpointSql } from './wake-endpoint';

/**
 * The webhook tasks this instance's job runner takes: endpoints' turns, and jobs of one
 * delivery each as queued before turns existed (a database upgraded with some waiting): each
 * wakes its delivery's endpoint, whose turn sends it.
 */
export const DELIVERY_TASKS: TaskList = {
  [ENDPOINT_TASK]: async (payload) => {
    const { endpointId, slot } = payload as { endpointId: string; slot?: number };
    await runEndpointTurn(endpointId, slot ?? 0);
  },
  [DELIVERY_TASK]: async (payload) => {
    await getPool().query(`SELECT ${wakeEndpointSql('d.endpoint_id')} FROM realtime_deliveries d WHERE d.id = $1::uuid AND d.status = 'pending'`, [
      (payload as { deliveryId: string }).deliveryId,
    ]);
  },
};
