// The baseline `npm run bench` compares against: node:http and pg running the same platform
// SQL as the API, without keys, rate limits, credits or the envelope.
import http from 'node:http';
import { localPlatform } from '@/lib/platform/local';

const port = Number(process.argv[2]);

const routes: Record<string, (url: URL, body: string) => Promise<unknown>> = {
  '/user': (url) => localPlatform.getUser(url.searchParams.get('username')!),
  '/search': (_url, body) => localPlatform.searchTweets({ query: JSON.parse(body).query, count: 20, sort: 'latest', include_replies: true, include_retweets: false }),
  '/followers-ids': (url) => localPlatform.getUserFollowerIds(url.searchParams.get('username')!, { count: 5000 }),
};

http
  .createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const handler = routes[url.pathname];
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      handler(url, Buffer.concat(chunks).toString())
        .then((data) => {
          const body = JSON.stringify({ data });
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
        })
        .catch((error: Error) => res.writeHead(500).end(error.message));
    });
  })
  .listen(port, '127.0.0.1', () => console.log('ready'));
