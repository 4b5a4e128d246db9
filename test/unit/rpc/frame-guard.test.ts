import { strict as assert } from 'node:assert';
import { FrameGuard, checkBody, type RejectedFrame } from '../../../src/server/rpc/frame-guard';

function frame(body: string): Buffer {
  const b = Buffer.from(body, 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n\r\n`), b]);
}

function run(chunks: Buffer[], max = 1000): { passed: string[]; rejected: RejectedFrame[] } {
  const rejected: RejectedFrame[] = [];
  const guard = new FrameGuard(max, (r) => rejected.push(r));
  const out: Buffer[] = [];
  guard.on('data', (c: Buffer) => out.push(c));
  for (const c of chunks) guard.write(c);
  const text = Buffer.concat(out).toString('utf8');
  const passed = text.split(/Content-Length: \d+\r\n\r\n/).filter(Boolean);
  return { passed, rejected };
}

describe('frame guard', () => {
  const ok = '{"jsonrpc":"2.0","id":1,"method":"akk.x"}';

  it('forwards well-formed frames byte for byte, across any chunking', () => {
    const bytes = Buffer.concat([frame(ok), frame('{"jsonrpc":"2.0","method":"n","params":{"a":"é"}}')]);
    for (let size = 1; size <= bytes.length; size += 7) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const { passed, rejected } = run(chunks);
      assert.deepEqual(rejected, []);
      assert.deepEqual(passed, [ok, '{"jsonrpc":"2.0","method":"n","params":{"a":"é"}}']);
    }
  });

  it('answers malformed JSON with parse_error and keeps going', () => {
    const { passed, rejected } = run([frame('{"jsonrpc":'), frame(ok)]);
    assert.deepEqual(passed, [ok]);
    assert.equal(rejected[0]?.code, 'parse_error');
    assert.equal(rejected[0]?.id, null);
  });

  it('skips an oversized body without buffering it and answers message_too_large', () => {
    const big = frame(`{"jsonrpc":"2.0","id":7,"method":"m","params":{"x":"${'a'.repeat(5000)}"}}`);
    const chunks: Buffer[] = [];
    for (let i = 0; i < big.length; i += 100) chunks.push(big.subarray(i, i + 100));
    const { passed, rejected } = run([...chunks, frame(ok)]);
    assert.equal(rejected.length, 1);
    assert.equal(rejected[0]?.code, 'message_too_large');
    assert.deepEqual(passed, [ok]);
  });

  it('answers a header without Content-Length', () => {
    const { passed, rejected } = run([Buffer.from('X-Foo: 1\r\n\r\n'), frame(ok)]);
    assert.equal(rejected[0]?.code, 'parse_error');
    assert.deepEqual(passed, [ok]);
  });

  it('classifies bodies that are JSON but not JSON-RPC', () => {
    assert.equal(checkBody(Buffer.from('[1,2]'))?.code, 'invalid_request');
    assert.equal(checkBody(Buffer.from('"x"'))?.code, 'invalid_request');
    assert.equal(checkBody(Buffer.from('{"id":3,"method":"m"}'))?.id, 3);
    assert.equal(checkBody(Buffer.from('{"jsonrpc":"2.0","id":{},"method":"m"}'))?.code, 'invalid_request');
    assert.equal(checkBody(Buffer.from('{"jsonrpc":"2.0","id":4}'))?.code, 'invalid_request');
    assert.equal(checkBody(Buffer.from('{"jsonrpc":"2.0","id":4,"method":"m","params":5}'))?.code, 'invalid_request');
    assert.equal(checkBody(Buffer.from(ok)), undefined);
  });
});
