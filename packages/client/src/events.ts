import type { RequestOptions } from './build-request';
import type { InputOf, ItemOf, PerchResult } from './operation-types';
import { paginate, type PageLimits, type Paginator } from './paginate';
import type { OperationId } from './routes';
import type { Envelope } from './send-request';

/** One stored event of GET /v2/events: a rule's (rule.match, follow.*, profile.*) or the workspace's (account.balance_low, budget.threshold, export.*). */
export type StoredEvent = ItemOf<'listEvents'>;

/** GET /v2/events's filters and paging: type (one name or a comma list), rule_id, since, count, cursor. */
export type EventListQuery = InputOf<'listEvents'>;

/** How the events facade reaches the API: Perch passes its own call. */
export type EventsTransport = {
  call(id: OperationId, pathValues: string[], input: Record<string, unknown> | undefined, options: RequestOptions): Promise<Envelope>;
};

/** `perch.events`: the event store of this key and its workspace, oldest first, free. */
export class Events {
  readonly #transport: EventsTransport;

  constructor(transport: EventsTransport) {
    this.#transport = transport;
  }

  /** One page of events, oldest first; `meta.next_cursor` for the next one. `perch.events.list({ type: 'rule.match', since })`. */
  async list(query: EventListQuery = {}, options: RequestOptions = {}): Promise<PerchResult<'listEvents'>> {
    return (await this.#transport.call('listEvents', [], query, options)) as PerchResult<'listEvents'>;
  }

  /** Every event matching the filters, page after page, oldest first: `for await (const event of perch.events.listAll({ since }))`. */
  listAll(query: Omit<EventListQuery, 'cursor'> = {}, limits: PageLimits & RequestOptions = {}): Paginator<StoredEvent, PerchResult<'listEvents'>> {
    const { maxItems, maxPages, ...options } = limits;
    return paginate((cursor, count) => this.list({ ...query, cursor, count }, options), query, { maxItems, maxPages });
  }
}
