// Where tweet links point: the embedded platform's own host unless the deployment names one.
const base = (process.env.PERCH_PLATFORM_URL ?? 'https://perch.local').replace(/\/+$/, '');

/** The public link of a tweet: `<base>/<username>/status/<id>`. */
export function tweetUrl(username: string, id: string): string {
  return `${base}/${username}/status/${id}`;
}
