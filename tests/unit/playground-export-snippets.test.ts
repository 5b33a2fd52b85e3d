import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { buildCall } from '@/lib/playground/build-call';
import { describeOperation } from '@/lib/playground/describe-operation';
import { pythonSnippet, typescriptSnippet } from '@/lib/playground/snippets';

// The playground's Exports snippets go through the clients' `exports` facades: a created export
// is waited for and downloaded, the others are one facade call each.

const view = (id: string) => describeOperation(OPERATIONS.find((operation) => operation.id === id)!);
const BASE = 'http://127.0.0.1:3000';
const EXPORT_IDS = OPERATIONS.filter((operation) => operation.tag === 'Exports').map((operation) => operation.id);

const create = (format: string) => buildCall(view('createExport'), { operation: 'getUserFollowers', params: '{"username": "jack"}', format, max_items: '500' });

describe('Exports snippets', () => {
  it('cover exactly the Exports operations of the registry', () => {
    expect(EXPORT_IDS.sort()).toEqual(['cancelExport', 'createExport', 'deleteExport', 'estimateExport', 'getExport', 'listExports']);
  });

  it('TypeScript: create, waitFor with progress, download to a file; JSONL mentions records()', () => {
    const ts = typescriptSnippet(create('jsonl'), BASE);
    expect(ts).toContain('const job = await perch.exports.create({\n  operation: "getUserFollowers",\n  params: { username: "jack" },\n  format: "jsonl",\n  max_items: 500,\n});');
    expect(ts).toContain('await perch.exports.waitFor(job.id, { onProgress: ');
    expect(ts).toContain('await perch.exports.download(done.id);');
    expect(ts).toContain('writeFile(`export-${done.id}.jsonl`');
    expect(ts).toContain('perch.exports.records(job.id)');
    const csv = typescriptSnippet(create('csv'), BASE);
    expect(csv).toContain('`export-${done.id}.csv`');
    expect(csv).not.toContain('records(');
  });

  it('Python: create with operation and params first, wait_for, download_to', () => {
    const py = pythonSnippet(create('csv'), BASE);
    expect(py).toContain('job = perch.exports.create("getUserFollowers", {"username": "jack"}, format="csv", max_items=500)');
    expect(py).toContain('done = perch.exports.wait_for(job["id"], on_progress=');
    expect(py).toContain(`perch.exports.download_to(done["id"], f"export-{done['id']}.csv")`);
  });

  it('the other operations are one facade call', () => {
    expect(typescriptSnippet(buildCall(view('getExport'), { exportId: '42' }), BASE)).toContain('const job = await perch.exports.get("42");');
    expect(pythonSnippet(buildCall(view('getExport'), { exportId: '42' }), BASE)).toContain('job = perch.exports.get("42")');
    expect(typescriptSnippet(buildCall(view('cancelExport'), { exportId: '42' }), BASE)).toContain('perch.exports.cancel("42")');
    expect(pythonSnippet(buildCall(view('deleteExport'), { exportId: '42' }), BASE)).toContain('perch.exports.delete("42")');
    expect(typescriptSnippet(buildCall(view('listExports'), { status: 'completed' }), BASE)).toContain('await perch.exports.list({ status: "completed" });');
    expect(pythonSnippet(buildCall(view('listExports'), { status: 'completed' }), BASE)).toContain('page = perch.exports.list(status="completed")');
    const estimate = buildCall(view('estimateExport'), { operation: 'searchTweets', params: '{"query": "perch"}' });
    expect(typescriptSnippet(estimate, BASE)).toContain('perch.exports.estimate({ operation: "searchTweets", params: { query: "perch" } })');
    expect(pythonSnippet(estimate, BASE)).toContain('perch.exports.estimate("searchTweets", {"query": "perch"})');
  });

  it('Python snippets of every Exports operation are valid Python', () => {
    const values: Record<string, Record<string, string>> = {
      createExport: { operation: 'getUserFollowers', params: '{"username": "jack"}' },
      estimateExport: { operation: 'getUserFollowers', params: '{"username": "jack"}' },
      listExports: {},
    };
    const sources = EXPORT_IDS.map((id) => pythonSnippet(buildCall(view(id), values[id] ?? { exportId: '7' }), BASE));
    const check = 'import ast, json, sys\nfor source in json.load(sys.stdin): ast.parse(source)\nprint("ok")';
    expect(execFileSync('python3', ['-c', check], { input: JSON.stringify(sources) }).toString().trim()).toBe('ok');
  });
});
