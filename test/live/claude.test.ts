// Newest Claude Code, answered by keys typed through tmux; the assertions are on the exact tool
// result the fake model received.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Q_DATABASE, Q_FEATURES, Q_NAME } from '../../src/agents/claude/qualify/questions';
import type { Session } from '../../src/qualify/session';
import { NEWEST } from '../../src/qualify/versions';
import { liveSessions } from './live-session';

const FOLLOW_UP = 'Thanks, noted. Continuing with the plan.';

async function startTurn(s: Session): Promise<void> {
  await s.screen({ all: ['❯'] }, { what: 'idle prompt' });
  await s.prompt('go');
}

async function finished(s: Session): Promise<void> {
  await s.screen({ all: [FOLLOW_UP] }, { what: 'follow-up text' });
}

describe(`live: Claude Code ${NEWEST.claude}`, function () {
  const start = liveSessions('claude');

  it('single-select: a digit answers the question', async () => {
    const s = await start('claude-single-select');
    await startTurn(s);
    await s.screen({ all: [Q_DATABASE.question, 'Enter to select'] });
    await s.perform({ choose: 'PostgreSQL' });
    const r = await s.fm.waitForToolResult();
    assert.equal(r.isError, false);
    assert.equal(
      r.content,
      `Your questions have been answered: "${Q_DATABASE.question}"="PostgreSQL". ` +
        'You can now continue with these answers in mind.',
    );
    await finished(s);
  });

  it('multi-select: two toggles, Tab, Submit answers', async () => {
    const s = await start('claude-multi-select');
    await startTurn(s);
    await s.screen({ all: [Q_FEATURES.question, '[ ] Audit log'] });
    await s.perform({ choose: 'Search' });
    await s.screen({ all: ['[✔] Search'] });
    await s.perform({ choose: 'Audit log' });
    await s.screen({ all: ['[✔] Search', '[✔] Audit log'] });
    await s.press('Tab');
    await s.screen({ all: ['Review your answers', 'Submit answers'] });
    await s.perform({ choose: 'Submit answers' });
    const r = await s.fm.waitForToolResult();
    assert.equal(
      r.content,
      `Your questions have been answered: "${Q_FEATURES.question}"="Search, Audit log". ` +
        'You can now continue with these answers in mind.',
    );
    await finished(s);
  });

  it('free text: "Type something" carries the typed answer verbatim', async () => {
    const s = await start('claude-free-text');
    await startTurn(s);
    await s.screen({ all: [Q_NAME.question, 'Type something.'] });
    await s.perform({ choose: 'Type something' });
    await s.screen({ all: ['❯ 3. Type something.'] });
    await s.type('orbit-7');
    await s.screen({ all: ['❯ 3. orbit-7'] });
    await s.press('Enter');
    const r = await s.fm.waitForToolResult();
    assert.equal(r.isError, false);
    assert.match(r.content, /^The user answered: "What should the project be called\?"="orbit-7"\. /);
    await finished(s);
  });

  it('multi-question: tab header, single + multi + free text, final review', async () => {
    const s = await start('claude-multi-question');
    await startTurn(s);
    await s.screen({ all: ['☐ Database', '☐ Features', '☐ Name', 'Submit', Q_DATABASE.question] });
    await s.perform({ choose: 'PostgreSQL' });
    await s.screen({ all: [Q_FEATURES.question] });
    await s.perform({ choose: 'Export' });
    await s.screen({ all: ['[✔] Export'] });
    await s.perform({ choose: 'Authentication' });
    await s.screen({ all: ['[✔] Authentication'] });
    await s.press('Tab');
    await s.screen({ all: [Q_NAME.question] });
    await s.perform({ choose: 'Type something' });
    await s.type('orbit-7');
    await s.screen({ all: ['orbit-7'] });
    await s.press('Enter');
    const review = await s.screen({ all: ['Review your answers', 'Submit answers', 'Cancel'] });
    assert.match(review, /→ Export, Authentication/);
    await s.perform({ choose: 'Submit answers' });
    const r = await s.fm.waitForToolResult();
    assert.equal(
      r.content,
      `The user answered: "${Q_DATABASE.question}"="PostgreSQL", ` +
        `"${Q_FEATURES.question}"="Export, Authentication", "${Q_NAME.question}"="orbit-7". ` +
        'Read the answers carefully — they may request clarification, changes, or that ' +
        'you not proceed — and follow what they actually say.',
    );
    await finished(s);
  });

  it('Bash permission: Yes runs the command', async () => {
    const s = await start('claude-bash-approve');
    await startTurn(s);
    await s.screen({ all: ['Bash command', 'touch notes.txt', 'Do you want to proceed?'] });
    await s.perform({ choose: 'Yes' });
    const r = await s.fm.waitForToolResult();
    assert.deepEqual([r.isError, r.content], [false, '(Bash completed with no output)']);
    assert.equal(fs.existsSync(path.join(s.term.workDir, 'notes.txt')), true);
    await finished(s);
  });

  it('Bash permission: No interrupts; the next prompt carries the rejection', async () => {
    const s = await start('claude-bash-reject');
    await startTurn(s);
    await s.screen({ all: ['touch notes.txt', 'Do you want to proceed?'] });
    await s.perform({ choose: 'No' });
    await s.screen({ all: ['❯'], none: ['Do you want to proceed?'] });
    assert.equal(s.fm.toolResults().length, 0, 'nothing is sent before the next prompt');
    await s.prompt('continue');
    const r = await s.fm.waitForToolResult();
    assert.equal(r.isError, true);
    assert.equal(
      r.content,
      "The user doesn't want to proceed with this tool use. " +
        'The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). ' +
        'STOP what you are doing and wait for the user to tell you how to proceed.',
    );
    assert.equal(fs.existsSync(path.join(s.term.workDir, 'notes.txt')), false);
    await finished(s);
  });

  it('Bash permission: No with Tab to amend sends the typed instruction', async () => {
    const s = await start('claude-bash-amend');
    await startTurn(s);
    await s.screen({ all: ['touch notes.txt', 'Do you want to proceed?'] });
    await s.perform({ focus: 'No' });
    await s.press('Tab');
    await s.screen({ all: ['No, and tell Claude what to do differently'] });
    await s.type('use a README instead');
    await s.screen({ all: ['No, use a README instead'] });
    await s.press('Enter');
    const r = await s.fm.waitForToolResult();
    assert.equal(r.isError, true);
    assert.equal(
      r.content,
      "The user doesn't want to proceed with this tool use. " +
        'The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). ' +
        'To tell you how to proceed, the user said:\nuse a README instead',
    );
    assert.equal(fs.existsSync(path.join(s.term.workDir, 'notes.txt')), false);
    await finished(s);
  });

  it('Write permission: Yes creates the file', async () => {
    const s = await start('claude-write');
    await startTurn(s);
    await s.screen({ all: ['Create file', 'hello.txt', 'Do you want to create hello.txt?'] });
    await s.perform({ choose: 'Yes' });
    const r = await s.fm.waitForToolResult();
    assert.equal(r.isError, false);
    assert.match(
      r.content,
      new RegExp(`^File created successfully at: ${s.term.workDir.replace(/[.]/g, '\\.')}/hello\\.txt`),
    );
    assert.equal(fs.readFileSync(path.join(s.term.workDir, 'hello.txt'), 'utf8'), 'Hello, world!\nSecond line.\n');
    await finished(s);
  });
});
