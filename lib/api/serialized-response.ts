// The API's answers are JSON strings, kept as such until a binding writes them: the
// node:http binding sends status, headers and body straight to the socket, and only a caller
// that needs a Web Response (Next's route binding, in-process callers) gets one built. Building
// a Web Response and reading its body stream back cost a cheap call a measurable share of
// its CPU. Streams (Server-Sent Events) and the OpenAPI document stay Web Responses.

export type JsonAnswer = { readonly kind: 'json'; status: number; headers: Record<string, string>; body: string };

/** What answering an API request produces. */
export type ApiAnswer = JsonAnswer | Response;

/** A JSON answer with its headers as they will be sent. */
export function jsonAnswer(status: number, body: string, headers: Record<string, string>): JsonAnswer {
  return { kind: 'json', status, headers, body };
}

/** Whether `answer` is a JSON answer not yet made into a Web Response. */
export function isJsonAnswer(answer: ApiAnswer): answer is JsonAnswer {
  return !(answer instanceof Response);
}

/** The answer as a Web Response. */
export function toWebResponse(answer: ApiAnswer): Response {
  return isJsonAnswer(answer) ? new Response(answer.body, { status: answer.status, headers: answer.headers }) : answer;
}
