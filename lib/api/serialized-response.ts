// The API's JSON answers are built from a string. Reading that string back out of the Web
// Response's body stream (as the node:http binding otherwise must) cost a cheap call a
// measurable share of its CPU, so each such Response keeps its status, headers and body
// beside it, and the binding writes those straight to the socket. Next's route binding and
// every other reader still see an ordinary Response.

export type SerializedResponse = { status: number; headers: Record<string, string>; body: string };

const serialized = new WeakMap<Response, SerializedResponse>();

/**
 * A Response with a JSON string body whose parts the node:http binding can write directly.
 * Its headers must not be changed afterwards: the binding would not see the change.
 */
export function jsonResponse(status: number, body: string, headers: Record<string, string>): Response {
  const response = new Response(body, { status, headers });
  serialized.set(response, { status, headers, body });
  return response;
}

/** The parts of a Response made by jsonResponse, or undefined for any other Response. */
export function serializedParts(response: Response): SerializedResponse | undefined {
  return serialized.get(response);
}
