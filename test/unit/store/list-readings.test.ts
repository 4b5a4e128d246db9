/** A scrolled list's reading in the ledger: keys no step asked for, each reading on disk with how it ended. */
import { strict as assert } from 'node:assert';
import { diskStore, removeDir, tempDir } from './helpers';

describe('store: the readings of scrolled lists in the ledger', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = tempDir('list-readings');
  });
  afterEach(() => removeDir(dir));

  it('a reading begun, one finished and one failed are read back after a restart, with the failure code', async () => {
    const store = await diskStore(dir);
    await store.recordListReading('sess-1', 'list_read_started');
    await store.recordListReading('sess-1', 'list_read_finished');
    await store.recordListReading('sess-2', 'list_read_started');
    await store.recordListReading('sess-2', 'list_read_failed', 'terminal_not_settled');
    await store.close();
    const again = await diskStore(dir);
    const lines = again
      .audit()
      .filter((e) => e.event.startsWith('list_read_'))
      .map((e) => [e.sessionId, e.event, e.code]);
    assert.deepEqual(lines, [
      ['sess-1', 'list_read_started', null],
      ['sess-1', 'list_read_finished', null],
      ['sess-2', 'list_read_started', null],
      ['sess-2', 'list_read_failed', 'terminal_not_settled'],
    ]);
    await again.close();
  });
});
