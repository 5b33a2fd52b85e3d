import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS } from '@/lib/api/registry';
import { describeOperation } from '@/lib/playground/describe-operation';
import { buildDocsModel, type DocsModel } from './docs-model';

let cached: DocsModel | undefined;

/** The reference of this build's API: the document GET /v2/openapi.json serves, built once per process. */
export function getDocsModel(): DocsModel {
  cached ??= buildDocsModel(
    buildOpenApiDocument(OPERATIONS),
    OPERATIONS.map((operation) => describeOperation(operation)),
  );
  return cached;
}
