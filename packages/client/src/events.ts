import type { RequestOptions } from './build-request';
import type { EventType, PerchEvent } from './event-types';
import type { InputOf, ItemOf, MetaOf, PerchResult } from './operation-types';
import { paginate, type PageLimits, type Paginator } from './paginate';
import type { OperationId } from './routes';
import type { Envelope } from './send-request';

/** One stored event of GET /v2/events as the OpenAPI document describes it (data untyped); PerchEvent is the same event typed by its `type`. */
export type StoredEvent = ItemOf<'listEvents'>;

/**
 * GET /v2/events's filters and paging: type (an event name, a list of them, or a comma list),
 * rule_id, since, count, cursor. Naming the types narrows the events returned to them.
 */
export type EventListQuery<T extends EventType = EventType> = Omit<InputOf<'listEvents'>, 'type'> & { type?: T | readonly T[] | string };

/** A page of events, each typed by its `type`. */
export type EventPage<T extends EventType = EventType> = { data: Array<PerchEvent<T>>; meta: MetaOf<'listEvents'> };

/** How the events facade reaches the API: Perch passes its own call. */
export type EventsTransport = {
  call(id: OperationId, pathValues: string[], input: Record<string, unknown> | undefined, options: RequestOptions): Promise<Envelope>;
};

function listInput(query: EventListQuery<EventType>): InputOf<'listEvents'> {
  const { type, ...rest } = query;
  // One name or several: the API takes them comma-separated.
  return { ...rest, type: type === undefined || typeof type === 'string' ? type : type.join(',') };
}

/** `perch.events`: the event store of this key and its workspace, oldest first, free. */
export class Events {
  readonly #transport: EventsTransport;

  constructor(transport: EventsTransport) {
    this.#transport = transport;
  }

  /**
   * One page of events, oldest first; `meta.next_cursor` for the next one:
   * `perch.events.list({ type: ['follow.added', 'follow.removed'], rule_id, since })`.
   */
  async list<T extends EventType = EventType>(query: EventListQuery<T> = {}, options: RequestOptions = {}): Promise<EventPage<T>> {
    return (await this.#transport.call('listEvents', [], listInput(query), options)) as unknown as EventPage<T>;
  }

  /** Every event matching the filters, page after page, oldest first: `for await (const event of perch.events.listAll({ since }))`. */
  listAll<T extends EventType = EventType>(query: Omit<EventListQuery<T>, 'cursor'> = {}, limits: PageLimits & RequestOptions = {}): Paginator<PerchEvent<T>, EventPage<T>> {
    const { maxItems, maxPages, ...options } = limits;
    const input = listInput(query);
    return paginate((cursor, count) => this.list<T>({ ...input, cursor, count } as EventListQuery<T>, options), input, { maxItems, maxPages });
  }
}

// An EventPage is still a PerchResult<'listEvents'>: callers typed against the untyped page keep compiling.
const PAGE_IS_RESULT: EventPage extends PerchResult<'listEvents'> ? true : never = true;
void PAGE_IS_RESULT;
