/**
 * The agent's own word beside the screen, over its lifetime: a request heard (before or after its
 * dialog is drawn) is held against the prompt the screen proves; a disagreement makes the step
 * manual and says why; once that prompt is gone, or another is drawn, the request is done with and
 * the screen alone decides again. The prompt is the newest client's captured Bash dialog.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { Recognition } from '../../../src/adapters/types';
import { loadSeedCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { AgentWords } from '../../../src/server/observe/agent-words';
import type { Session } from '../../../src/server/sessions';
import type { AgentWord } from '../../../src/shared/agent-word';
import { adapterOf } from '../../../src/adapters/registry';
import { Q_DATABASE, Q_FEATURES } from '../../../src/agents/claude/qualify/questions';

const capture = loadSeedCorpus().find((f) => f.id === 'claude/2.1.332/120x40/32-permission-bash');
const dialog = capture ? recognize('claude', capture.version, capture.screen) : undefined;
const session = { id: 'ses_1', agent: 'claude' } as Session;
const working: Recognition = { kind: 'activity', state: 'working' };

const word = (command: string): AgentWord => ({
  v: 1,
  agent: 'claude',
  event: 'PermissionRequest',
  pid: 10,
  input: { tool_name: 'Bash', tool_input: { command, description: 'Create an empty notes file' } },
});
const DIFFERS =
  /^Claude Code's own request and its screen disagree \(the request's command .*\): answer in the terminal$/;

describe("an agent's own word held against the prompt its screen proves", () => {
  let words: AgentWords;
  beforeEach(() => (words = new AgentWords()));

  it('reads the Bash dialog the scenario drew', () => {
    assert.equal(dialog?.kind, 'permission', JSON.stringify(dialog));
  });

  it('with no word heard, the screen alone decides', () => {
    assert.deepEqual(words.judge(session, dialog as Recognition, 'fp1'), dialog);
  });

  it('a word that agrees leaves the step as the screen proves it; one that differs makes it manual', () => {
    words.heard(session.id, word('touch notes.txt'));
    assert.deepEqual(words.judge(session, dialog as Recognition, 'fp1'), dialog);
    words.heard(session.id, word('touch other.txt'));
    const judged = words.judge(session, dialog as Recognition, 'fp1');
    assert.equal(judged.kind, 'manual_required');
    assert.match((judged as { reason: string }).reason, DIFFERS);
  });

  it('a word heard before its dialog is drawn is held against it once it is', () => {
    words.heard(session.id, word('touch other.txt'));
    assert.deepEqual(words.judge(session, working, null), working);
    assert.equal(words.judge(session, dialog as Recognition, 'fp1').kind, 'manual_required');
  });

  it('once its prompt is gone, or another prompt is drawn, the word is done with', () => {
    words.heard(session.id, word('touch other.txt'));
    assert.equal(words.judge(session, dialog as Recognition, 'fp1').kind, 'manual_required');
    assert.deepEqual(words.judge(session, working, null), working);
    assert.deepEqual(words.judge(session, dialog as Recognition, 'fp1'), dialog);

    words.heard(session.id, word('touch other.txt'));
    assert.equal(words.judge(session, dialog as Recognition, 'fp1').kind, 'manual_required');
    assert.deepEqual(words.judge(session, dialog as Recognition, 'fp2'), dialog);
  });

  it("a closed session's words are forgotten; another session's are its own", () => {
    words.heard(session.id, word('touch other.txt'));
    const other = { id: 'ses_2', agent: 'claude' } as Session;
    assert.deepEqual(words.judge(other, dialog as Recognition, 'fp1'), dialog);
    words.forget(session.id);
    assert.deepEqual(words.judge(session, dialog as Recognition, 'fp1'), dialog);
  });

  it('a request of two questions held to be answered through it is the step one question at a time', () => {
    const input = { tool_name: 'AskUserQuestion', tool_input: { questions: [Q_FEATURES, Q_DATABASE] } };
    const steps = adapterOf('claude')?.wordSteps('PermissionRequest', input, 'n1') ?? [];
    const [first, second] = steps;
    assert.ok(first && second);
    let open = true;
    const line = { open: () => open, answer: () => true, release: () => undefined, onClose: () => undefined };
    const asked: AgentWord = { v: 1, agent: 'claude', event: 'PermissionRequest', pid: 10, input };
    words.heard(session.id, asked, {
      word: asked,
      line,
      steps,
      step: first,
      fingerprint: 'f1',
      answers: {},
      receiptsBefore: 0,
    });
    // Whatever the screen shows (it proves nothing on a release not qualified here).
    assert.equal(words.judge(session, working, null), first);
    const features = { [Q_FEATURES.question]: ['Authentication', 'Search'] };
    assert.equal(words.keep(session.id, features), true);
    assert.equal(words.judge(session, dialog as Recognition, 'fp1'), second);
    assert.deepEqual(words.held(session.id)?.answers, features);
    assert.notEqual(words.held(session.id)?.fingerprint, 'f1');
    // The last question's answer is not kept: it goes back with the others.
    assert.equal(words.keep(session.id, { ...features, [Q_DATABASE.question]: ['SQLite (Recommended)'] }), false);
    assert.deepEqual(words.held(session.id)?.answers, features);
    // Its line closed (answered, or ended by the agent), the screen decides again.
    open = false;
    assert.equal(words.held(session.id), undefined);
    assert.deepEqual(words.judge(session, working, null), working);
  });
});
