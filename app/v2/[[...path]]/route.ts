// The only Next.js binding of the /v2 API, for `next dev` and serverless hosts; `npm start`
// serves the same dispatch on its node:http fast path without going through Next.
import { dispatch } from '@/lib/api/dispatch';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handle = (request: Request) => dispatch(request);

// Every method Next lets a route handle goes to dispatch, so that HEAD and OPTIONS get the
// API's answers (405 with Allow; HEAD /v2/openapi.json its headers) rather than Next's own.
export { handle as GET, handle as HEAD, handle as OPTIONS, handle as POST, handle as DELETE, handle as PUT, handle as PATCH };
