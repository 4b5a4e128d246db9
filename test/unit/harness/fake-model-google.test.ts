/**
 * The fake model's Generative Language API, fed the requests a real client sent (recorded from the
 * client in tmux against a loopback server, long texts shortened): its router asks one JSON answer
 * of a schema, its conversation streams with functions declared, and a function's result comes
 * back in a later request's history. What each answer must carry comes from the scenario and from
 * the API's own shapes (the schema the request gives, `functionCall` parts, server-sent events).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startFakeModel, type FakeModel } from '../../../src/qualify/fake-model';

interface Recorded {
  method: string;
  url: string;
  body: unknown;
}

const recorded = (name: string): Recorded =>
  JSON.parse(fs.readFileSync(path.join(__dirname, 'google-requests', `${name}.json`), 'utf8')) as Recorded;

async function post(model: FakeModel, r: Recorded): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(model.url + r.url, {
    method: r.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(r.body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The events of a server-sent stream, each parsed. */
function events(text: string): Array<Record<string, unknown>> {
  return text
    .split(/\r?\n\r?\n/)
    .filter((e) => e.startsWith('data: '))
    .map((e) => JSON.parse(e.slice('data: '.length)) as Record<string, unknown>);
}

type Candidate = { content: { role: string; parts: Array<Record<string, unknown>> }; finishReason?: string };
const candidate = (r: Record<string, unknown>): Candidate => (r.candidates as Candidate[])[0] as Candidate;

const COMMAND = { command: 'touch probe.txt', description: 'Create probe.txt' };

describe('fake model: Google Generative Language API, on requests a real client sent', () => {
  let model: FakeModel;
  beforeEach(async () => {
    model = await startFakeModel({
      name: 'google-wire',
      turns: [
        { kind: 'tool', name: 'run_shell_command', input: COMMAND, text: 'Creating it.' },
        { kind: 'text', text: 'Created probe.txt.' },
      ],
    });
  });
  afterEach(() => model.stop());

  it("answers the router's side request in its schema's shape, and plays no turn for it", async () => {
    const r = recorded('router-side');
    const schema = (r.body as { generationConfig: { responseJsonSchema: { required: string[] } } }).generationConfig
      .responseJsonSchema;
    const res = await post(model, r);
    assert.equal(res.status, 200);
    assert.match(res.type, /application\/json/);
    const parts = candidate(JSON.parse(res.text) as Record<string, unknown>).content.parts;
    const answer = JSON.parse(String(parts[0]?.text)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(answer).sort(), [...schema.required].sort());
    assert.equal(typeof answer.complexity_reasoning, 'string');
    assert.ok(Number.isInteger(answer.complexity_score));
    assert.equal(model.turnsServed(), 0);
    assert.equal(model.requests[0]?.side, true);
    assert.equal(model.requests[0]?.api, 'google');
  });

  it("streams a turn's text and its function call, names the model asked for, and records the call", async () => {
    const res = await post(model, recorded('conversation-first'));
    assert.equal(res.status, 200);
    assert.match(res.type, /text\/event-stream/);
    const evs = events(res.text);
    const parts = evs.flatMap((e) => candidate(e).content.parts);
    assert.deepEqual(parts[0], { text: 'Creating it.' });
    const call = parts[1]?.functionCall as { id: string; name: string; args: unknown };
    assert.equal(call.name, 'run_shell_command');
    assert.deepEqual(call.args, COMMAND);
    assert.equal(candidate(evs[evs.length - 1] ?? {}).finishReason, 'STOP');
    assert.ok(
      evs.slice(0, -1).every((e) => candidate(e).finishReason === undefined),
      'a candidate finished early',
    );
    assert.ok(evs.every((e) => e.modelVersion === 'gemini-3.1-pro-preview'));
    assert.equal(model.turnsServed(), 1);
    assert.deepEqual(
      model.issued.map((i) => [i.turnIndex, i.id, i.name]),
      [[0, call.id, 'run_shell_command']],
    );
    assert.deepEqual(model.userMessages().slice(-1), ['again']);
  });

  it("reads a function's result and the person's next words from the history the client sends back", async () => {
    const r = recorded('with-function-response');
    await post(model, recorded('conversation-first'));
    await post(model, r);
    // The recorded history holds the client's own id for the call it ran, and what the shell said.
    const results = model.toolResults();
    assert.equal(results.length, 1);
    assert.equal(results[0]?.id, 'run_shell_command_1796470028294_0');
    assert.equal(results[0]?.isError, false);
    assert.match(results[0]?.content ?? '', /Output: \(empty\)/);
    assert.deepEqual(model.userMessages().slice(-1), ['next']);
    assert.equal(model.turnsServed(), 2);
  });

  it('reports an error result as an error, and counts tokens', async () => {
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'c1', name: 'run_shell_command', response: { error: 'denied' } } }],
        },
      ],
    };
    const res = await post(model, { method: 'POST', url: '/v1beta/models/m:countTokens', body });
    assert.deepEqual(JSON.parse(res.text), { totalTokens: 100 });
    assert.deepEqual(
      model.toolResults().map((t) => [t.id, t.content, t.isError]),
      [['c1', 'denied', true]],
    );
  });

  it('a side request whose schema lets the user speak next gets the user: the turn ends', async () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'who speaks next?' }] }],
      generationConfig: {
        responseMimeType: 'application/json',
        responseJsonSchema: {
          type: 'object',
          properties: { reasoning: { type: 'string' }, next_speaker: { type: 'string', enum: ['model', 'user'] } },
        },
      },
    };
    const res = await post(model, { method: 'POST', url: '/v1beta/models/m:generateContent', body });
    const text = String(candidate(JSON.parse(res.text) as Record<string, unknown>).content.parts[0]?.text);
    assert.deepEqual(JSON.parse(text), { reasoning: 'go', next_speaker: 'user' });
    assert.equal(model.turnsServed(), 0);
  });
});
