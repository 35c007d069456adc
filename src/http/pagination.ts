/**
 * Cursor pagination of the owner's lists (contract 12): `limit` (1..200) and `starting_after` (an
 * id from the previous page) in the query, `has_more` in the answer. Without them a list answers
 * exactly as before. The lists are per chatbot or per account and already read whole by their
 * services, so the page is cut here, after the list's own order is fixed: newest first.
 */
import { Type as T, type Static } from '@sinclair/typebox'
import { invalid } from './errors'

export const MAX_PAGE = 200
export const BAD_LIMIT = `must be a whole number from 1 to ${MAX_PAGE}`
export const UNKNOWN_STARTING_AFTER = 'no item with this id in the list (it may have been deleted: start again without it)'

export const PageQuery = T.Object({
  // A query string is text: read as a whole number by pageOf, which names `limit` when it is not one from 1 to 200.
  limit: T.Optional(
    T.String({
      maxLength: 10,
      examples: ['50'],
      description: `A whole number from 1 to ${MAX_PAGE}: at most this many items, newest first, and has_more. Without it (and starting_after) the whole list as before.`,
    }),
  ),
  starting_after: T.Optional(T.String({ minLength: 1, maxLength: 100, description: 'The id of the last item of the previous page.' })),
})
export type PageQuery = Static<typeof PageQuery>

/** The answer's part: present only when the request asked for a page. */
export const HasMore = { has_more: T.Optional(T.Boolean({ description: 'With limit: whether items follow this page (ask again with starting_after = the last id).' })) }

export interface Paging<I> {
  /** The item's id, as starting_after names it. */
  id: (item: I) => string
  /** The item's time; pages run newest first, ties broken by id. Omitted: the list is already newest first. */
  time?: (item: I) => string
  /** Without `time`: the list comes oldest first (as it is answered unpaged), so a page reads it backwards. */
  oldestFirst?: boolean
}

/** The whole list (no paging asked), or one page of it with has_more. */
export function pageOf<I>(items: I[], query: PageQuery, paging: Paging<I>): { items: I[]; has_more?: boolean } {
  if (query.limit === undefined && query.starting_after === undefined) return { items }
  if (query.limit !== undefined && !(/^\d+$/.test(query.limit) && Number(query.limit) >= 1 && Number(query.limit) <= MAX_PAGE)) throw invalid('limit', BAD_LIMIT)
  const { id, time } = paging
  const ordered = time ? [...items].sort((a, b) => time(b).localeCompare(time(a)) || id(b).localeCompare(id(a))) : paging.oldestFirst ? [...items].reverse() : items
  let from = 0
  if (query.starting_after !== undefined) {
    const at = ordered.findIndex((item) => id(item) === query.starting_after)
    if (at < 0) throw invalid('starting_after', UNKNOWN_STARTING_AFTER)
    from = at + 1
  }
  const limit = query.limit === undefined ? MAX_PAGE : Number(query.limit)
  return { items: ordered.slice(from, from + limit), has_more: from + limit < ordered.length }
}
