/**
 * Where the capture harness finds its data: the repository's fixtures/ and src/qualify/fake-mcp/.
 * The qualification runner the extension ships (dist/qualify-runner.js, for "Qualify This Version
 * on This Machine") carries only the part it needs, in dist/qualify/, and names that folder in
 * AKK_HARNESS_DATA (set by the bundle itself, see scripts/build.mjs).
 */
import { join } from 'node:path';

const shipped = process.env.AKK_HARNESS_DATA;

/** fixtures/<agent>/<version>/…: the corpus and the qualification records. */
export const FIXTURES = shipped ? join(shipped, 'fixtures') : join(__dirname, '..', '..', 'fixtures');

/** The fake MCP servers the capture scenarios start (plain `.cjs` scripts). */
export const FAKE_MCP_DIR = shipped ? join(shipped, 'fake-mcp') : join(__dirname, 'fake-mcp');
