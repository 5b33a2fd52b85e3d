import { z } from 'zod';
import { COSTS } from '../define-operation';
import { idField } from '../inputs';
import { tweetPageOperation, userPageOperation } from './paged-operation';

const listParams = z.object({ listId: idField });

export const getListTweets = tweetPageOperation({
  id: 'getListTweets',
  tag: 'Lists',
  path: '/v2/lists/{listId}/tweets',
  summary: 'Tweets by the list’s members',
  params: listParams,
  read: (platform, { listId }, page) => platform.getListTweets(listId, page),
});

export const getListMembers = userPageOperation({
  id: 'getListMembers',
  tag: 'Lists',
  path: '/v2/lists/{listId}/members',
  summary: 'The list’s members',
  description: 'Sort `default` is the newest first.',
  cost: COSTS.member,
  params: listParams,
  read: (platform, { listId }, page) => platform.getListMembers(listId, page),
});
export const getListSubscribers = userPageOperation({
  id: 'getListSubscribers',
  tag: 'Lists',
  path: '/v2/lists/{listId}/subscribers',
  summary: 'The list’s subscribers',
  description: 'Sort `default` is the newest first.',
  cost: COSTS.member,
  params: listParams,
  read: (platform, { listId }, page) => platform.getListSubscribers(listId, page),
});
