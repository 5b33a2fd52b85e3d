import { typedEvent } from '../event-data';
import type { WebhookEvent } from '../webhook-payload';
import { discordMessage } from './discord-message';
import { slackMessage } from './slack-message';

/**
 * The POST a Slack or Discord endpoint gets for an event: the service's message as JSON, unsigned
 * (the services do not check signatures: the incoming-webhook URL is the secret), with the delivery
 * id and event name as headers, as webhooks have them.
 */
export function serviceRequest(kind: 'slack' | 'discord', event: WebhookEvent): { body: string; headers: Record<string, string> } {
  const typed = typedEvent(event);
  const message = kind === 'slack' ? slackMessage(typed) : discordMessage(typed);
  return {
    body: JSON.stringify(message),
    headers: { 'content-type': 'application/json', 'user-agent': 'Perch-Webhooks/1', 'perch-delivery-id': event.id, 'perch-event': event.event },
  };
}
