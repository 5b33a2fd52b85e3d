import { COSTS } from '@/lib/api/define-operation';

/** Credits one write call costs (contract §3), from the same table the API charges by. */
export const WRITE_COST = COSTS.write.credits;

/** "100 credits", for the label beside every write control. */
export const WRITE_COST_LABEL = `${WRITE_COST} credits`;
