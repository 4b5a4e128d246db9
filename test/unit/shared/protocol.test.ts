import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_NOTIFICATIONS, NOTIFICATIONS, REQUESTS, SERVER_REQUESTS } from '../../../src/shared/protocol';
import { ERROR_CODES } from '../../../src/shared/errors';
import { createHandlers, type HandlerDeps } from '../../../src/server/rpc/handlers';
import { renderSchemas } from '../../../scripts/schema-render';
import { TerminalInteraction, RespondInteractionRequest, ApproveRequest } from '../../../src/shared/contract';

const FIXED_REQUESTS = [
  'akk/listSessions',
  'akk/attachSession',
  'akk/detachSession',
  'akk/status',
  'akk/respondInteraction',
  'akk/approve',
  'akk/respond',
  'akk/listInteractions',
  'akk/acknowledgeUncertain',
  'akk/dismissInteraction',
  'akk/terminalStarted',
  'akk/resolveText',
  'akk/identify',
  'akk/listLocalQualifications',
  'akk/forgetLocalQualifications',
  'akk/qualifyVersion',
  'akk/cancelQualification',
  'akk/connectAgent',
  'akk/disconnectAgent',
  'akk/agentHooks',
];
const FIXED_NOTIFICATIONS = [
  'akk/interactionRequired',
  'akk/interactionUpdated',
  'akk/sessionsChanged',
  'akk/qualificationProgress',
];
const FIXED_CLIENT_NOTIFICATIONS = ['akk/terminalOutput', 'akk/terminalEnded'];
const FIXED_SERVER_REQUESTS = ['akk/terminalWrite', 'akk/confirmDecision'];

describe('protocol table', () => {
  it('lists exactly the fixed request and notification methods', () => {
    assert.deepEqual(
      Object.values(REQUESTS)
        .map((r) => r.method)
        .sort(),
      [...FIXED_REQUESTS].sort(),
    );
    assert.deepEqual(Object.values(NOTIFICATIONS).sort(), [...FIXED_NOTIFICATIONS].sort());
    assert.deepEqual(
      Object.values(CLIENT_NOTIFICATIONS)
        .map((n) => n.method)
        .sort(),
      [...FIXED_CLIENT_NOTIFICATIONS].sort(),
    );
    assert.deepEqual(Object.values(SERVER_REQUESTS).sort(), [...FIXED_SERVER_REQUESTS].sort());
  });

  it('has exactly one server handler per request', () => {
    const handlers = createHandlers({} as HandlerDeps);
    assert.deepEqual(Object.keys(handlers).sort(), Object.keys(REQUESTS).sort());
  });

  it('keeps method strings out of every other source file', () => {
    const root = join(__dirname, '..', '..', '..');
    const hits = execFileSync('grep', ['-rlE', "'akk/[a-zA-Z]+'", join(root, 'src'), join(root, 'media')], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && !f.endsWith(join('src', 'shared', 'protocol.ts')));
    assert.deepEqual(hits, []);
  });

  it('has unique error codes', () => {
    assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length);
  });
});

describe('public contract', () => {
  it('matches the committed JSON Schema files (run npm run schema after changing it)', () => {
    const dir = join(__dirname, '..', '..', '..', 'schema');
    for (const [file, text] of Object.entries(renderSchemas())) {
      assert.equal(readFileSync(join(dir, file), 'utf8'), text, `schema/${file} drifted`);
    }
  });

  it('accepts the seed example projection and response', () => {
    const projection = {
      schema: 'agent-knock-knock/terminal-interaction',
      version: 1,
      interaction_id: 'opaque-id',
      turn_id: 'turn-1',
      agent: 'claude',
      kind: 'questionnaire',
      state: 'pending',
      step: { index: 1, total: 2 },
      questions: [
        {
          question_id: 'opaque-question-id',
          header: 'Color',
          prompt: 'Which color do you prefer?',
          required: true,
          response_kind: 'single_select',
          options: [
            { option_id: 'opaque-red-id', label: 'Red' },
            { option_id: 'opaque-blue-id', label: 'Blue' },
          ],
        },
      ],
      capabilities: { batch_response: false, free_text: false, multi_select: false },
    };
    assert.ok(TerminalInteraction.safeParse(projection).success);
    const response = {
      interaction_id: 'opaque-id',
      turn_id: 'turn-1',
      answers: [
        { question_id: 'opaque-question-id', response_kind: 'single_select', selected_option_ids: ['opaque-blue-id'] },
      ],
    };
    assert.ok(RespondInteractionRequest.safeParse(response).success);
  });

  it('rejects keys, indexes and labels in a response', () => {
    const base = { interaction_id: 'i', turn_id: 't' };
    assert.equal(RespondInteractionRequest.safeParse({ ...base, answers: [], keys: ['1', 'Enter'] }).success, false);
    assert.equal(
      RespondInteractionRequest.safeParse({
        ...base,
        answers: [{ question_id: 'q', response_kind: 'single_select', index: 1 }],
      }).success,
      false,
    );
    assert.equal(ApproveRequest.safeParse({ turn_id: 't', decision: 'approve_always' }).success, false);
    assert.equal(ApproveRequest.safeParse({ turn_id: 't', decision: 'approve_once', keys: 'y' }).success, false);
  });
});
