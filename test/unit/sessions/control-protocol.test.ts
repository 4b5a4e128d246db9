import * as assert from 'node:assert/strict';
import {
  ControlParser,
  decodeOutputValue,
  outputPaneId,
  parseNotification,
  type ControlEvent,
} from '../../../src/server/sessions/tmux/control-protocol';

function feed(lines: string[]): ControlEvent[] {
  const events: ControlEvent[] = [];
  const parser = new ControlParser((e) => events.push(e));
  for (const line of lines) parser.line(line);
  return events;
}

describe('sessions/control-protocol', () => {
  it('decodes octal escapes and backslashes in %output values', () => {
    assert.equal(decodeOutputValue('a\\015\\012b\\033[K'), 'a\r\nb\x1b[K');
    assert.equal(decodeOutputValue('x\\\\y'), 'x\\y');
    assert.equal(decodeOutputValue('plain ✓'), 'plain ✓');
  });

  it('reads the pane id of an %output line without decoding', () => {
    assert.equal(outputPaneId('%output %12 hello world'), '%12');
    assert.equal(outputPaneId('%output %3'), '%3');
    assert.equal(outputPaneId('%layout-change @1 x'), null);
  });

  it('parses the notifications the sessions code uses', () => {
    assert.deepEqual(parseNotification('%output %0 hi\\012'), { type: 'output', paneId: '%0', data: 'hi\n' });
    assert.deepEqual(parseNotification('%layout-change @0 a87d,100x30,0,0,0 a87d,100x30,0,0,0 *'), {
      type: 'layout-change',
      windowId: '@0',
    });
    assert.deepEqual(parseNotification('%window-close @4'), { type: 'window-close', windowId: '@4', unlinked: false });
    assert.deepEqual(parseNotification('%unlinked-window-close @5'), {
      type: 'window-close',
      windowId: '@5',
      unlinked: true,
    });
    assert.deepEqual(parseNotification('%session-changed $0 my session'), {
      type: 'session-changed',
      sessionId: '$0',
      name: 'my session',
    });
    assert.deepEqual(parseNotification('%sessions-changed'), { type: 'sessions-changed' });
    assert.deepEqual(parseNotification('%window-pane-changed @0 %1'), {
      type: 'window-pane-changed',
      windowId: '@0',
      paneId: '%1',
    });
    assert.deepEqual(parseNotification('%exit'), { type: 'exit', reason: '' });
    assert.deepEqual(parseNotification('%exit server exited'), { type: 'exit', reason: 'server exited' });
    assert.deepEqual(parseNotification('%extended-output %2 15 : ab'), { type: 'output', paneId: '%2', data: 'ab' });
    assert.equal(parseNotification('%client-detached c1').type, 'other');
  });

  it('frames replies, tells this client’s commands from others, and keeps notifications outside blocks', () => {
    const events = feed([
      '%begin 1796038329 267 0',
      '%end 1796038329 267 0',
      '%session-changed $0 one',
      '%begin 1796038329 272 1',
      '/tmp/tmux-0/x 22740 1796038329',
      '%end 1796038329 272 1',
      '%begin 1796038330 270 1',
      "can't find pane: %9",
      '%error 1796038330 270 1',
    ]);
    assert.equal(events.length, 4);
    assert.deepEqual(events[0], { kind: 'reply', reply: { fromClient: false, ok: true, lines: [], number: '267' } });
    assert.equal(events[1]?.kind, 'notification');
    assert.deepEqual(events[2], {
      kind: 'reply',
      reply: { fromClient: true, ok: true, lines: ['/tmp/tmux-0/x 22740 1796038329'], number: '272' },
    });
    assert.deepEqual(events[3], {
      kind: 'reply',
      reply: { fromClient: true, ok: false, lines: ["can't find pane: %9"], number: '270' },
    });
  });

  it('does not end a block at screen text that looks like %end, and keeps %-lines inside blocks as text', () => {
    const events = feed(['%begin 100 5 1', '%end 100 4 1', '%output %1 not a notification', '', '%end 100 5 1']);
    assert.equal(events.length, 1);
    const reply = events[0];
    assert.ok(reply?.kind === 'reply');
    assert.deepEqual(reply.reply.lines, ['%end 100 4 1', '%output %1 not a notification', '']);
  });
});
