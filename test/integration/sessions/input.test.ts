// Real tmux: literal text, named keys and bracketed paste reach the program byte for byte.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SessionRegistry, type Session } from '../../../src/server/sessions';
import { writePrograms, type Programs } from './support/programs';
import { TmuxLab, waitFor } from './support/tmux-lab';

describe('sessions (tmux): input', function () {
  this.timeout(20_000);
  let lab: TmuxLab;
  let programs: Programs;
  let registry: SessionRegistry;
  let session: Session;
  let log: string;

  before(async () => {
    programs = writePrograms();
    lab = new TmuxLab();
    log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'akk-keylog-')), 'keys.jsonl');
    const pane = await lab.start([process.execPath, programs.keylog, log]);
    await waitFor('keylog ready', async () => (await lab.capture(pane)).includes('READY'));
    registry = new SessionRegistry({ classify: () => ({ state: 'idle' }) });
    session = await registry.attach({ socket: lab.socket, target: pane });
  });
  after(async () => {
    registry.dispose();
    await lab.kill();
  });

  function received(): string {
    if (!fs.existsSync(log)) return '';
    return fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as string)
      .join('');
  }

  async function expectReceived(expected: string, send: () => Promise<void>): Promise<void> {
    fs.rmSync(log, { force: true });
    await send();
    await waitFor(`received ${JSON.stringify(expected)}`, () => received().length >= expected.length);
    assert.equal(received(), expected);
  }

  it('sends literal text exactly, including quotes, dollars, semicolons, a leading dash and non-ASCII', async () => {
    const text = `-n 'quoted' "double" $HOME; \\back \`tick\` héllo ✓ 日本`;
    await expectReceived(text, () => session.endpoint!.sendLiteral(text));
  });

  it('sends named keys as the terminal sequences tmux maps them to', async () => {
    await expectReceived('\r\x1b[A\x1b[B\t\x1b[Z 1', () =>
      session.endpoint!.sendKeys(['Enter', 'Up', 'Down', 'Tab', 'BTab', 'Space', '1']),
    );
    await expectReceived('\x1b', () => session.endpoint!.sendKeys(['Escape']));
    // Shift and Alt arrows (Codex opens a collapsed async question with them).
    await expectReceived('\x1b[1;2D\x1b[1;3A', () => session.endpoint!.sendKeys(['S-Left', 'M-Up']));
  });

  it('refuses anything that is not a key name', async () => {
    await assert.rejects(session.endpoint!.sendKeys(['Enter', 'rm -rf']), { code: 'invalid_params' });
    await assert.rejects(session.endpoint!.sendKeys(['C-c; kill-server']), { code: 'invalid_params' });
    await assert.rejects(session.endpoint!.sendKeys(['S-M-Left']), { code: 'invalid_params' });
  });

  it('pastes with bracketed-paste markers when asked, and deletes its buffer', async () => {
    const text = 'line one\nline "two" $x';
    await expectReceived(`\x1b[200~line one\rline "two" $x\x1b[201~`, () =>
      session.endpoint!.paste(text, { bracketed: true }),
    );
    await expectReceived('plain paste', () => session.endpoint!.paste('plain paste', { bracketed: false }));
    const buffers = await lab.tmux('list-buffers', '-F', '#{buffer_name}').catch(() => '');
    assert.ok(!buffers.includes('akk-'), `buffers left: ${buffers}`);
  });

  it('refuses input fenced to an older binding generation', async () => {
    const ep = session.endpoint!;
    await assert.rejects(ep.sendLiteral('x', { generation: ep.generation - 1 }), { code: 'endpoint_unavailable' });
    await expectReceived('y', () => ep.sendLiteral('y', { generation: ep.generation }));
  });
});
