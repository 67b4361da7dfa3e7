/**
 * GET /openapi.json: the committed API description (shared/openapi.json, written by
 * `npm run openapi`; docs/api.md), to every signed-in user.
 */
import document from '../../shared/openapi.json';
import { ok } from '../lib/http';

export async function openApiDocument() {
  return ok(document);
}
