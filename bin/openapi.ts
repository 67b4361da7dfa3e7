/**
 * `npm run openapi`: write the API's OpenAPI 3.1 document (bin/lib/openapi.ts) to shared/openapi.json.
 * Run it after changing a route, a contract or a shared schema; the unit test
 * test/unit/shared/openapi.test.ts fails while the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPENAPI_PATH, openApiText } from './lib/openapi';

const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
writeFileSync(OPENAPI_PATH, openApiText(version));
console.log(`Wrote ${OPENAPI_PATH}`);
