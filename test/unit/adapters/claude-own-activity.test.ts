/**
 * Claude Code's own record of what it does (`<config dir>/sessions/<pid>.json`), read as Claude Code
 * 2.1.332 wrote it during a turn with two permissions (idle, busy, waiting on a permission prompt,
 * busy, idle): where it is kept, and what it says.
 */
import { strict as assert } from 'node:assert';
import { claudeActivity, claudeActivityFile } from '../../../src/agents/claude/recognize/own-activity';

const PID = 13464;
/** The record as Claude Code 2.1.332 left it after the turn (its own bytes). */
const IDLE_RECORD =
  '{"pid":13464,"sessionId":"9b894328-3c25-42e3-a5e1-9a6664f65031","cwd":"/tmp/akk-e037a66a/project",' +
  '"startedAt":1796654276666,"procStart":"6599050","version":"2.1.332","peerProtocol":1,' +
  '"peerFeatures":["notify_idle","reply_across_default_dirs","artifact_yield"],"kind":"interactive",' +
  '"entrypoint":"cli","pidDomain":"linux:3d1219c7c4c5404aaa1f6d2a48adfda4:pid:[4026531836]",' +
  '"asksForConvertedSkills":null,"messagingSocketPath":"/tmp/cc-socks/13464.sock","name":"project-e2",' +
  '"nameSource":"derived","nameSince":1796654276666,"status":"idle","updatedAt":1796654287174,' +
  '"statusUpdatedAt":1796654287174}';
const withStatus = (status: string, more = ''): string =>
  IDLE_RECORD.replace('"status":"idle"', `"status":"${status}"${more}`);

describe("Claude Code's own record of what it does", () => {
  it('is kept under CLAUDE_CONFIG_DIR when the process was given one, else under ~/.claude', () => {
    const env = (o: Record<string, string>) => new Map(Object.entries(o));
    assert.equal(claudeActivityFile(env({ HOME: '/home/p' }), PID), '/home/p/.claude/sessions/13464.json');
    assert.equal(
      claudeActivityFile(env({ HOME: '/home/p', CLAUDE_CONFIG_DIR: '/etc/cc/' }), PID),
      '/etc/cc/sessions/13464.json',
    );
    assert.equal(
      claudeActivityFile(env({ HOME: '/home/p', CLAUDE_CONFIG_DIR: '' }), 7),
      '/home/p/.claude/sessions/7.json',
    );
    assert.equal(claudeActivityFile(env({}), PID), undefined);
  });

  it('says idle, busy, or waiting with what for', () => {
    assert.deepEqual(claudeActivity(IDLE_RECORD, PID), { activity: 'idle' });
    assert.deepEqual(claudeActivity(withStatus('busy'), PID), { activity: 'busy' });
    assert.deepEqual(claudeActivity(withStatus('waiting', ',"waitingFor":"permission prompt"'), PID), {
      activity: 'waiting',
      waitingFor: 'permission prompt',
    });
    assert.deepEqual(claudeActivity(withStatus('waiting'), PID), { activity: 'waiting' });
  });

  it('says nothing of another process, a torn write, or a status it does not know', () => {
    assert.equal(claudeActivity(IDLE_RECORD, PID + 1), undefined);
    assert.equal(claudeActivity(IDLE_RECORD.slice(0, 200), PID), undefined);
    assert.equal(claudeActivity(withStatus('compacting'), PID), undefined);
    assert.equal(claudeActivity('null', PID), undefined);
    assert.equal(claudeActivity('{"pid":13464}', PID), undefined);
  });
});
