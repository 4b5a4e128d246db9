import * as assert from 'node:assert/strict';
import { AkkError } from '../../../src/shared/errors';
import { controlCommandLine, quoteControlArg, serverArgs, tmuxError } from '../../../src/server/sessions/tmux/command';
import {
  paneLocation,
  parsePaneList,
  parsePaneState,
  parseServerInfo,
} from '../../../src/server/sessions/tmux/formats';

describe('sessions/tmux/formats', () => {
  it('parses a pane state line', () => {
    assert.deepEqual(parsePaneState('%3\t4242\t120\t40\t5\t39\t1\t0\t0'), {
      paneId: '%3',
      panePid: 4242,
      cols: 120,
      rows: 40,
      cursorX: 5,
      cursorY: 39,
      cursorVisible: true,
      dead: false,
      inMode: false,
    });
    assert.equal(parsePaneState('%3\tx\t120\t40\t5\t39\t1\t0\t0'), null);
    assert.equal(parsePaneState(''), null);
  });

  it('parses list-panes -a output, once per pane, keeping tabs in session names', () => {
    const out = [
      '%0\t100\t$0\t@0\t0\t0\t80\t24\t0\tbash\twork',
      '%1\t101\t$0\t@1\t1\t0\t80\t24\t1\tclaude\twork',
      '%1\t101\t$2\t@1\t0\t0\t80\t24\t1\tclaude\tlinked',
      '%2\t102\t$1\t@2\t0\t1\t100\t30\t0\tnode\tname\twith tab',
      'garbage',
      '',
    ].join('\n');
    const rows = parsePaneList(out);
    assert.equal(rows.length, 3);
    assert.equal(rows[1]?.dead, true);
    assert.equal(rows[1]?.sessionName, 'work');
    assert.equal(rows[2]?.sessionName, 'name\twith tab');
    const third = rows[2];
    assert.ok(third);
    assert.equal(paneLocation(third), 'name\twith tab:0.1');
  });

  it('parses server info', () => {
    assert.deepEqual(parseServerInfo('/tmp/tmux-0/default\t77\t1700000000'), {
      socketPath: '/tmp/tmux-0/default',
      pid: 77,
      startTime: 1700000000,
    });
    assert.equal(parseServerInfo('\t\t'), null);
  });
});

describe('sessions/tmux/command', () => {
  it('selects the server with -L or -S and always forces UTF-8', () => {
    assert.deepEqual(serverArgs({}), ['-u']);
    assert.deepEqual(serverArgs({ socket: 'x' }), ['-u', '-L', 'x']);
    assert.deepEqual(serverArgs({ socketPath: '/tmp/s' }), ['-u', '-S', '/tmp/s']);
    assert.throws(() => serverArgs({ socket: 'x', socketPath: '/y' }), AkkError);
  });

  it('quotes control-channel arguments and refuses free text that could break out', () => {
    assert.equal(controlCommandLine(['capture-pane', '-p', '-t', '%3']), "'capture-pane' '-p' '-t' '%3'");
    assert.equal(quoteControlArg('$1'), "'$1'");
    assert.throws(() => quoteControlArg("a'b"));
    assert.throws(() => quoteControlArg('a\nb'));
  });

  it('maps a gone server or pane to endpoint_unavailable and other failures to internal_error', () => {
    assert.equal(tmuxError('no server running on /tmp/tmux-0/x').code, 'endpoint_unavailable');
    assert.equal(tmuxError("can't find pane: %9").code, 'endpoint_unavailable');
    assert.equal(
      tmuxError('error connecting to /tmp/tmux-0/x (No such file or directory)').code,
      'endpoint_unavailable',
    );
    assert.equal(tmuxError('unknown command: foo').code, 'internal_error');
  });
});
