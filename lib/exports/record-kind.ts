/** What one exported record is: a tweet, a user, or a bare id (follower ids). */
export type ExportRecordKind = 'tweet' | 'user' | 'id';
