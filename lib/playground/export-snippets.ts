import type { PlannedCall } from './build-call';
import { jsLiteral, pyLiteral } from './literals';

// The Exports operations through the clients' `exports` facades rather than their raw methods:
// an export is a job, so its snippet shows the whole round (start it, wait for it, fetch the
// file) instead of one call whose answer is merely "queued".

const TS_IMPORT = "import { Perch } from '@perch/client'; // packages/client in the Perch repository: its README shows how to install it";
const PY_IMPORT = 'from perch import Perch  # pip install ./clients/python from a Perch checkout: see clients/python/README.md';

/** The operations these snippets cover (the registry's Exports tag). */
const EXPORT_OPERATION_IDS = new Set(['createExport', 'estimateExport', 'listExports', 'getExport', 'cancelExport', 'deleteExport']);

function given(input: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input ?? {}).filter(([, value]) => value !== undefined));
}

/** The TypeScript of an Exports operation, or null for any other operation. */
export function exportTypescriptSnippet(call: PlannedCall, baseUrl: string): string | null {
  if (!EXPORT_OPERATION_IDS.has(call.operationId)) return null;
  const id = JSON.stringify(call.pathValues[0] ?? '');
  const input = given(call.input);
  const format = input.format === 'csv' ? 'csv' : 'jsonl';
  const body = [
    TS_IMPORT,
    ...(call.operationId === 'createExport' ? ["import { writeFile } from 'node:fs/promises';"] : []),
    '',
    `const perch = new Perch({ apiKey: process.env.PERCH_API_KEY, baseUrl: ${JSON.stringify(baseUrl)} });`,
    '',
  ];
  switch (call.operationId) {
    case 'createExport':
      return [
        ...body,
        `const job = await perch.exports.create(${jsLiteral(input)});`,
        '// Progress while it runs; throws ExportFailedError or ExportCancelledError if it does not complete.',
        'const done = await perch.exports.waitFor(job.id, { onProgress: (now) => console.log(now.status, now.items, now.credits_charged) });',
        `const file = await perch.exports.download(done.id);`,
        `await writeFile(\`export-\${done.id}.${format}\`, Buffer.from(await file.arrayBuffer()));`,
        ...(format === 'jsonl'
          ? ['', '// Or each record as it is written, while the export runs:', '// for await (const record of perch.exports.records(job.id)) console.log(record);']
          : []),
      ].join('\n');
    case 'estimateExport':
      return [...body, `const estimate = await perch.exports.estimate(${jsLiteral(input)});`, 'console.log(estimate.items, estimate.credits, estimate.basis); // null items: the source cannot tell (a search)'].join('\n');
    case 'listExports':
      return [
        ...body,
        `const { data, meta } = await perch.exports.list(${Object.keys(input).length ? jsLiteral(input) : ''});`,
        'for (const job of data) console.log(job.id, job.status, job.items);',
        'console.log(meta.next_cursor); // or: for await (const job of perch.exports.listAll()) …',
      ].join('\n');
    case 'getExport':
      return [...body, `const job = await perch.exports.get(${id});`, 'console.log(job.status, job.items, job.credits_charged, job.size_bytes);'].join('\n');
    case 'cancelExport':
      return [...body, `const job = await perch.exports.cancel(${id});`, 'console.log(job.status, job.items); // its file keeps what was written'].join('\n');
    default:
      return [...body, `await perch.exports.delete(${id}); // its file and its record`].join('\n');
  }
}

/** Python keyword arguments of an export's body: operation and params first, positionally. */
function pythonExportArguments(input: Record<string, unknown>): string {
  const { operation, params, ...rest } = input;
  const args = [JSON.stringify(operation ?? ''), pyLiteral(params ?? {})];
  for (const [name, value] of Object.entries(rest)) args.push(`${name}=${pyLiteral(value)}`);
  return args.join(', ');
}

/** The Python of an Exports operation, or null for any other operation. */
export function exportPythonSnippet(call: PlannedCall, baseUrl: string): string | null {
  if (!EXPORT_OPERATION_IDS.has(call.operationId)) return null;
  const id = JSON.stringify(call.pathValues[0] ?? '');
  const input = given(call.input);
  const format = input.format === 'csv' ? 'csv' : 'jsonl';
  const body = [PY_IMPORT, '', `perch = Perch(base_url=${JSON.stringify(baseUrl)})  # the key from PERCH_API_KEY`, ''];
  switch (call.operationId) {
    case 'createExport':
      return [
        ...body,
        `job = perch.exports.create(${pythonExportArguments(input)})`,
        '# Progress while it runs; raises ExportFailedError or ExportCancelledError if it does not complete.',
        'done = perch.exports.wait_for(job["id"], on_progress=lambda now: print(now["status"], now["items"], now["credits_charged"]))',
        `perch.exports.download_to(done["id"], f"export-{done['id']}.${format}")`,
        ...(format === 'jsonl' ? ['', '# Or each record as it is written, while the export runs:', '# for record in perch.exports.records(job["id"]): print(record)'] : []),
      ].join('\n');
    case 'estimateExport':
      return [...body, `estimate = perch.exports.estimate(${pythonExportArguments(input)})`, 'print(estimate["items"], estimate["credits"], estimate["basis"])  # None items: the source cannot tell (a search)'].join('\n');
    case 'listExports': {
      const args = Object.entries(input).map(([name, value]) => `${name}=${pyLiteral(value)}`);
      return [
        ...body,
        `page = perch.exports.list(${args.join(', ')})`,
        'for job in page.data:',
        '    print(job["id"], job["status"], job["items"])',
        'print(page.next_cursor)  # or: for job in perch.exports.list_all(): ...',
      ].join('\n');
    }
    case 'getExport':
      return [...body, `job = perch.exports.get(${id})`, 'print(job["status"], job["items"], job["credits_charged"], job["size_bytes"])'].join('\n');
    case 'cancelExport':
      return [...body, `job = perch.exports.cancel(${id})`, 'print(job["status"], job["items"])  # its file keeps what was written'].join('\n');
    default:
      return [...body, `perch.exports.delete(${id})  # its file and its record`].join('\n');
  }
}
