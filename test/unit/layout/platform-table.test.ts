/**
 * The README's platform table is the one the platform rows generate, and every test a row names
 * as its proof is there and proves it the way the row says: a portable-table proof is in the live
 * run that forces the portable table, a forced-none proof forces no process table, a samples proof
 * reads the macOS samples.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PLATFORM_ROWS, POSIX_RUN, readmeWithPlatforms } from '../../harness/platform-table';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), 'utf8');

describe('README platform table', () => {
  it('is the generated one (npx tsx test/harness/platform-table.ts --write)', () => {
    const readme = read('README.md');
    assert.equal(readme, readmeWithPlatforms(readme));
  });

  const proofs = PLATFORM_ROWS.flatMap((r) => r.proofs.map((p) => ({ ...p, row: `${r.platform}, ${r.endpoint}` })));
  for (const p of proofs) {
    it(`${p.row}: ${p.file} proves it (${p.kind})`, () => {
      assert.ok(fs.existsSync(path.join(ROOT, p.file)), `${p.file} does not exist`);
      const text = read(p.file);
      if (p.kind === 'posix') assert.ok(read(POSIX_RUN).includes(`'${p.file}'`), `${p.file} is not in ${POSIX_RUN}`);
      if (p.kind === 'forced-none') assert.match(text, /AKK_PROCESS_TABLE(: |=)'?none/);
      if (p.kind === 'samples') assert.match(text, /fixtures', 'macos'/);
    });
  }
});
