// What the API reads of a request. A Web Request has all of it (Next's route binding and
// in-process callers pass one); the node:http binding builds a lighter object over the
// IncomingMessage instead, because constructing a Web Request (header validation, a body
// stream, a follow-up AbortSignal) cost a cheap call about a tenth of its CPU.

/** Header lookup by case-insensitive name; repeated headers come joined with ", ". */
export type ApiRequestHeaders = { get(name: string): string | null; has(name: string): boolean };

export type ApiRequest = {
  readonly method: string;
  /** Absolute URL (origin from the Host header, or a stand-in when it cannot make one). */
  readonly url: string;
  /** The same URL already parsed, where the binding had to parse it anyway (node:http). */
  readonly parsedUrl?: URL;
  readonly headers: ApiRequestHeaders;
  /** Null for methods without a body (GET, HEAD). */
  readonly body: ReadableStream<Uint8Array> | null;
  /** Aborted when the client goes away before the answer is written (streams stop on it). */
  readonly signal: AbortSignal;
  /**
   * The whole body in one piece, up to `limit` bytes (null past it: reading stops there), where
   * the binding can read it without a Web stream (node:http: building a ReadableStream per
   * call was a visible share of a search's CPU). Without it the API reads `body`.
   */
  readBody?(limit: number): Promise<Uint8Array | null>;
};
