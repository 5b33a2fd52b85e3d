import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { describeOperation } from '@/lib/playground/describe-operation';
import { fieldErrorsFromResponse } from '@/lib/playground/response-errors';
import { validateField, validateInputs } from '@/lib/playground/validate-inputs';

const view = (id: string) => describeOperation(OPERATIONS.find((o) => o.id === id)!);
const field = (id: string, name: string) => view(id).fields.find((f) => f.name === name)!;
/** What the server's own schema says about `value` in field `name`. */
function serverMessage(id: string, part: 'params' | 'query' | 'body', name: string, value: string): string {
  const result = OPERATIONS.find((o) => o.id === id)![part]!.safeParse({ [name]: value });
  return result.error!.issues.find((issue) => issue.path[0] === name)!.message;
}

describe('validateField', () => {
  it('checks whole numbers and their range as the server does', () => {
    const count = field('searchTweets', 'count');
    expect(validateField(count, '')).toBeNull();
    expect(validateField(count, '20')).toBeNull();
    expect(validateField(count, ' 1000 ')).toBeNull();
    expect(validateField(count, '0')).toBe('must be from 1 to 1000');
    expect(validateField(count, '1001')).toBe('must be from 1 to 1000');
    expect(validateField(count, '1e3')).toBe('must be a whole number');
    expect(validateField(count, '12abc')).toBe('must be a whole number');
    expect(validateField(count, '2.5')).toBe('must be a whole number');
    expect(validateField(field('searchTweets', 'max_credits'), '0')).toBe('must be at least 1');
  });

  it('checks required fields, lengths and patterns', () => {
    expect(validateField(field('searchTweets', 'query'), '')).toBe('required');
    expect(validateField(field('searchTweets', 'query'), 'x'.repeat(513))).toMatch(/at most 512 characters/);
    expect(validateField(field('getUser', 'username'), '@jack')).toBeNull();
    // In the API's words, not as a regular expression.
    expect(validateField(field('getUser', 'username'), 'no spaces')).toBe(serverMessage('getUser', 'params', 'username', 'no spaces'));
    expect(validateField(field('getUser', 'username'), '')).toBe('required');
    expect(validateField(field('getTweet', 'tweetId'), '12a')).toBe(serverMessage('getTweet', 'params', 'tweetId', '12a'));
    expect(validateField(field('searchTweets', 'lang'), 'EN')).toBe(serverMessage('searchTweets', 'body', 'lang', 'EN'));
    for (const message of [validateField(field('getUser', 'username'), 'no spaces'), validateField(field('searchTweets', 'lang'), 'EN')]) expect(message).not.toMatch(/[\^$]/);
  });

  it('says what the server says of tweet references, blank texts and webhook URLs', () => {
    expect(validateField(field('replyToTweet', 'tweet_id'), 'https://x.com/jack/status/20')).toBeNull();
    expect(validateField(field('replyToTweet', 'tweet_id'), 'abc')).toBe(serverMessage('replyToTweet', 'body', 'tweet_id', 'abc'));
    expect(validateField(field('createTweet', 'text'), ' \n ')).toBe(serverMessage('createTweet', 'body', 'text', ' \n '));
    expect(validateField(field('createWebhook', 'url'), 'https://hooks.example.com/perch')).toBeNull();
    expect(validateField(field('createWebhook', 'url'), 'ftp://hooks.example.com/')).toBe('must be an https URL of a public host, without credentials');
  });

  it('checks enums, booleans and lists', () => {
    expect(validateField(field('searchTweets', 'sort'), 'popular')).toBeNull();
    expect(validateField(field('searchTweets', 'sort'), 'oldest')).toMatch(/one of latest, popular, engagement/);
    expect(validateField(field('searchTweets', 'include_replies'), 'false')).toBeNull();
    expect(validateField(field('searchTweets', 'include_replies'), 'yes')).toMatch(/one of true, false/);
    const usernames = field('getUsersBatch', 'usernames');
    expect(validateField(usernames, 'jack\n@biz, carol')).toBeNull();
    expect(validateField(usernames, ' \n , ')).toBe('required');
    expect(validateField(usernames, 'jack\nno way')).toMatch(/^"no way" must be 1 to 15 letters, digits or underscores/);
    expect(validateField(usernames, Array.from({ length: 101 }, (_, i) => `u${i}`).join('\n'))).toBe('takes at most 100 entries (101 given)');
  });
});

describe('validateInputs', () => {
  it('is empty for a sendable call and names each bad field otherwise', () => {
    expect(validateInputs(view('searchTweets'), { query: 'rust' })).toEqual({});
    expect(validateInputs(view('searchTweets'), { count: '0' })).toEqual({ query: 'required', count: 'must be from 1 to 1000' });
    expect(validateInputs(view('getAccount'), {})).toEqual({});
  });

  it('refuses a max_credits that cannot pay for one item, as the server would', () => {
    expect(validateInputs(view('searchTweets'), { query: 'rust', max_credits: '14' })).toEqual({ max_credits: 'max_credits 14 is below the 15 credits this call needs' });
    expect(validateInputs(view('likeTweet'), { tweetId: '1', max_credits: '99' }).max_credits).toMatch(/below the 100 credits/);
    expect(validateInputs(view('searchTweets'), { query: 'rust', max_credits: '15' })).toEqual({});
  });
});

describe('fieldErrorsFromResponse', () => {
  it('puts a 400’s details on the fields they name, list entries numbered from 1', () => {
    const body = {
      error: {
        code: 'invalid_request',
        message: 'x',
        details: [
          { path: 'country', message: 'must be Worldwide, one of the 64 trend countries' },
          { path: 'nope', message: 'unknown' },
        ],
      },
    };
    expect(fieldErrorsFromResponse(view('getTrending'), body)).toEqual({ country: 'must be Worldwide, one of the 64 trend countries' });
    expect(fieldErrorsFromResponse(view('getUsersBatch'), { error: { details: [{ path: 'usernames.2', message: 'bad' }] } })).toEqual({ usernames: 'entry 3: bad' });
    expect(fieldErrorsFromResponse(view('getUsersBatch'), { data: [] })).toEqual({});
    expect(fieldErrorsFromResponse(view('getUsersBatch'), undefined)).toEqual({});
  });
});
