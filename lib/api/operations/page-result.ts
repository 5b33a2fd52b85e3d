import type { HandlerContext, HandlerResult } from '../define-operation';
import type { KeysetPosition, Page, PageRequest } from '@/lib/platform/types';

/** The page request a paged operation passes to the platform. */
export function pageRequest<S extends string = never>(ctx: HandlerContext<unknown, unknown, unknown>, sort?: S): PageRequest<S> {
  return { count: ctx.limit, after: (ctx.after ?? null) as KeysetPosition | null, ...(sort === undefined ? {} : { sort }) };
}

/** A platform page as an operation result: items as data, the keyset position as next. */
export function pageResult<T>(page: Page<T>): HandlerResult<T[]> {
  return { data: page.items, next: page.next };
}
