import type { BlueskySettings } from '../../platform-config';
import { readFirehose } from './firehose';
import { readJetstream } from './jetstream';
import type { StreamConnection, StreamHandlers } from './stream-events';

/** The stream a deployment reads (its kind and address): also the name its position is stored under. */
export function streamSource(settings: BlueskySettings): string {
  return `bluesky:${settings.stream.kind}:${settings.stream.url}`;
}

/** Opens the deployment's stream of new posts: Jetstream, or the firehose when one is configured. */
export function openPostStream(settings: BlueskySettings, handlers: StreamHandlers): StreamConnection {
  return settings.stream.kind === 'firehose' ? readFirehose(settings.stream.url, handlers) : readJetstream(settings.stream.url, handlers);
}
