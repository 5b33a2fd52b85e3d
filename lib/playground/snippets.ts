import { ROUTES } from '@/packages/client/src/routes';
import type { PlannedCall } from './build-call';
import { exportPythonSnippet, exportTypescriptSnippet } from './export-snippets';
import { jsLiteral, pyLiteral, shellQuote } from './literals';
import { pythonName } from './python-name';

export type SnippetLanguage = 'curl' | 'typescript' | 'python';

export const SNIPPET_LANGUAGES: ReadonlyArray<{ id: SnippetLanguage; label: string }> = [
  { id: 'curl', label: 'curl' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'python', label: 'Python' },
];

// Every snippet sends the key from $PERCH_API_KEY: a key pasted into the page never ends up in
// copied code, a chat or a shell history.

/** A curl command that sends exactly this call; it prints the response body. */
export function curlSnippet(call: PlannedCall, baseUrl: string): string {
  const lines = [`curl -sS${call.method === 'GET' ? '' : ` -X ${call.method}`} ${shellQuote(baseUrl + call.pathAndQuery)}`, `-H "Authorization: Bearer $PERCH_API_KEY"`];
  for (const [name, value] of Object.entries(call.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (call.body) lines.push(`--data ${shellQuote(JSON.stringify(call.body))}`);
  return lines.join(' \\\n  ');
}

/** The same call through the TypeScript client (@perch/client, packages/client). */
export function typescriptSnippet(call: PlannedCall, baseUrl: string): string {
  const forExport = exportTypescriptSnippet(call, baseUrl);
  if (forExport) return forExport;
  const route = ROUTES.find((r) => r.id === call.operationId);
  const args = call.pathValues.map((v) => JSON.stringify(v));
  const options = call.headers['Idempotency-Key'] ? { idempotencyKey: call.headers['Idempotency-Key'] } : undefined;
  const input = call.input && Object.keys(call.input).length > 0 ? call.input : undefined;
  if (route?.input !== null && (input || options)) args.push(jsLiteral(input ?? {}));
  if (options) args.push(jsLiteral(options));
  return [
    "import { Perch } from '@perch/client'; // packages/client in the Perch repository: its README shows how to install it",
    '',
    `const perch = new Perch({ apiKey: process.env.PERCH_API_KEY, baseUrl: ${JSON.stringify(baseUrl)} });`,
    '',
    `const { data, meta } = await perch.${call.operationId}(${args.join(', ')});`,
    'console.log(data, meta.credits_charged, meta.next_cursor);',
  ].join('\n');
}

/** The same call through the Python client (clients/python, standard library only). */
export function pythonSnippet(call: PlannedCall, baseUrl: string): string {
  const forExport = exportPythonSnippet(call, baseUrl);
  if (forExport) return forExport;
  const args = call.pathValues.map((value) => JSON.stringify(value));
  for (const [name, value] of Object.entries(call.input ?? {})) args.push(`${pythonName(name)}=${pyLiteral(value, '    ')}`);
  if (call.headers['Idempotency-Key']) args.push(`idempotency_key=${JSON.stringify(call.headers['Idempotency-Key'])}`);
  const flat = `response = perch.${pythonName(call.operationId)}(${args.join(', ')})`;
  const invocation = flat.length <= 88 ? [flat] : [`response = perch.${pythonName(call.operationId)}(`, ...args.map((arg) => `    ${arg},`), ')'];
  return [
    'from perch import Perch  # pip install ./clients/python from a Perch checkout: see clients/python/README.md',
    '',
    `perch = Perch(base_url=${JSON.stringify(baseUrl)})  # the key from PERCH_API_KEY`,
    '',
    ...invocation,
    'print(response.data, response.meta["credits_charged"], response.meta["next_cursor"])',
  ].join('\n');
}

/** The snippet of one language. */
export function snippetFor(language: SnippetLanguage, call: PlannedCall, baseUrl: string): string {
  if (language === 'curl') return curlSnippet(call, baseUrl);
  if (language === 'typescript') return typescriptSnippet(call, baseUrl);
  return pythonSnippet(call, baseUrl);
}
