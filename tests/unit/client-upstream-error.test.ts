import { describe, expect, it } from 'vitest';
import { Perch, ServerError } from '@perch/client';

// The client's retry wiring reads the error body's code: a 502 upstream_error (the platform
// refused a request it will never accept) goes back to the caller at once, while a 503
// unavailable of the same read is retried. A fake fetch stands in for the server.

function answering(...answers: Array<{ status: number; code: string }>) {
  const attempts: string[] = [];
  const fetch = async (url: string) => {
    attempts.push(url);
    const answer = answers[Math.min(attempts.length, answers.length) - 1];
    if (answer.status === 200) return new Response(JSON.stringify({ data: { id: '1', username: 'jack' }, meta: { request_id: 'req_1' } }), { status: 200 });
    const body = { error: { code: answer.code, message: `${answer.code} from the fake` }, meta: { request_id: 'req_1' } };
    return new Response(JSON.stringify(body), { status: answer.status, headers: { 'content-type': 'application/json', 'retry-after': '0' } });
  };
  return { attempts, client: new Perch({ apiKey: 'pk_test', baseUrl: 'http://perch.test', fetch, maxRetries: 3 }) };
}

describe('@perch/client and upstream_error', () => {
  it('does not retry a 502 upstream_error, even on a read', async () => {
    const { attempts, client } = answering({ status: 502, code: 'upstream_error' }, { status: 200, code: '' });
    const error = await client.getUser('jack').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, code: 'upstream_error', message: 'upstream_error from the fake' });
    expect(attempts).toHaveLength(1);
  });

  it('still retries a 503 unavailable read', async () => {
    const { attempts, client } = answering({ status: 503, code: 'unavailable' }, { status: 200, code: '' });
    const result = await client.getUser('jack');
    expect(result.data).toMatchObject({ username: 'jack' });
    expect(attempts).toHaveLength(2);
  });
});
