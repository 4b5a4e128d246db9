import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AgentIdentifier, identifyFile } from '../../../src/server/sessions/agent-identity';
import { ProcFs } from '../../../src/server/sessions/proc';
import { claudeLayout, codexLayout, fakeProc, tempDir } from './support/layouts';

describe('sessions/agent-identity: files', () => {
  it('identifies Claude Code by its npm package, wrapper and native binary alike', () => {
    const layout = claudeLayout(tempDir('akk-claude-'), '2.1.332');
    assert.deepEqual(identifyFile(layout.wrapperExe), { agent: 'claude', version: '2.1.332' });
    assert.deepEqual(identifyFile(layout.nativeExe), { agent: 'claude', version: '2.1.332' });
  });

  it('identifies Codex from codex-package.json, or from the platform package version suffix', () => {
    const withLayout = codexLayout(tempDir('akk-codex-'), '0.171.0');
    assert.deepEqual(identifyFile(withLayout.nativeExe), { agent: 'codex', version: '0.171.0' });
    assert.deepEqual(identifyFile(withLayout.launcher), { agent: 'codex', version: '0.171.0' });
    const noLayout = codexLayout(tempDir('akk-codex-'), '0.153.4', { layoutFile: false });
    assert.deepEqual(identifyFile(noLayout.nativeExe), { agent: 'codex', version: '0.153.4' });
  });

  it('never guesses: an inexact version is null, an unrelated package or file is unknown', () => {
    const root = tempDir('akk-claude-');
    const layout = claudeLayout(root, 'latest');
    const id = identifyFile(layout.nativeExe);
    assert.equal(id.agent, 'claude');
    assert.equal(id.version, null);
    assert.match(id.reason ?? '', /exact version/);

    const other = path.join(root, 'node_modules', 'other', 'bin', 'claude');
    fs.mkdirSync(path.dirname(other), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'node_modules', 'other', 'package.json'),
      JSON.stringify({ name: 'other', version: '1.0.0' }),
    );
    fs.writeFileSync(other, '');
    assert.equal(identifyFile(other).agent, 'unknown');
    assert.equal(identifyFile('/usr/bin/bash').agent, 'unknown');
    assert.equal(identifyFile(path.join(tempDir('akk-none-'), 'claude')).agent, 'unknown');
  });
});

describe('sessions/agent-identity: process tree', () => {
  it('finds claude under a shell, in the foreground', () => {
    const layout = claudeLayout(tempDir('akk-claude-'), '2.1.267');
    const root = fakeProc(tempDir('akk-proc-'), [
      { pid: 100, ppid: 1, exe: '/bin/sh', pgrp: 100, tpgid: 101 },
      { pid: 101, ppid: 100, exe: layout.wrapperExe, pgrp: 101, tpgid: 101, startTime: 5555 },
      { pid: 102, ppid: 101, exe: '/bin/sh', pgrp: 101, tpgid: 101 },
    ]);
    const agent = new AgentIdentifier({ proc: new ProcFs(root) }).findAgent(100);
    assert.deepEqual(agent, {
      agent: 'claude',
      version: '2.1.267',
      pid: 101,
      startTime: 5555,
      executable: layout.wrapperExe,
      foreground: true,
    });
  });

  it('takes the native codex child of the node launcher, and reports a suspended agent as background', () => {
    const layout = codexLayout(tempDir('akk-codex-'), '0.155.1');
    const root = fakeProc(tempDir('akk-proc-'), [
      { pid: 200, ppid: 1, exe: '/bin/sh', pgrp: 200, tpgid: 200 },
      {
        pid: 201,
        ppid: 200,
        exe: process.execPath,
        cmdline: ['node', layout.launcher, '--no-daemon'],
        pgrp: 201,
        tpgid: 200,
      },
      { pid: 202, ppid: 201, exe: layout.nativeExe, pgrp: 201, tpgid: 200 },
    ]);
    const agent = new AgentIdentifier({ proc: new ProcFs(root) }).findAgent(200);
    assert.equal(agent?.agent, 'codex');
    assert.equal(agent?.version, '0.155.1');
    assert.equal(agent?.pid, 202);
    assert.equal(agent?.foreground, false);
  });

  it('resolves a relative launcher script against the process cwd', () => {
    const base = tempDir('akk-codex-');
    const layout = codexLayout(base, '0.154.0');
    const root = fakeProc(tempDir('akk-proc-'), [
      {
        pid: 300,
        ppid: 1,
        exe: process.execPath,
        cmdline: ['node', path.relative(base, layout.launcher)],
        cwd: base,
        pgrp: 300,
        tpgid: 300,
      },
    ]);
    const agent = new AgentIdentifier({ proc: new ProcFs(root) }).findAgent(300);
    assert.equal(agent?.agent, 'codex');
    assert.equal(agent?.version, '0.154.0');
    assert.equal(agent?.pid, 300);
  });

  it('reports unknown with a reason when no agent or several different agents run', () => {
    const a = claudeLayout(tempDir('akk-claude-'), '2.1.263');
    const b = claudeLayout(tempDir('akk-claude-'), '2.1.266');
    const root = fakeProc(tempDir('akk-proc-'), [
      { pid: 400, ppid: 1, exe: '/bin/sh', pgrp: 400, tpgid: 401 },
      { pid: 401, ppid: 400, exe: '/bin/sleep', pgrp: 401, tpgid: 401 },
      { pid: 500, ppid: 1, exe: '/bin/sh', pgrp: 500, tpgid: 500 },
      { pid: 501, ppid: 500, exe: a.nativeExe, pgrp: 501, tpgid: 500 },
      { pid: 502, ppid: 500, exe: b.nativeExe, pgrp: 502, tpgid: 500 },
    ]);
    const identifier = new AgentIdentifier({ proc: new ProcFs(root) });
    const none = identifier.findAgent(400);
    assert.equal(none?.agent, 'unknown');
    assert.equal(none?.pid, 401, 'the foreground process');
    assert.match(none?.reason ?? '', /no supported agent/);
    const several = identifier.findAgent(500);
    assert.equal(several?.agent, 'unknown');
    assert.match(several?.reason ?? '', /several/);
    assert.equal(identifier.findAgent(999), null);
  });

  it('caches by path and file identity, and re-reads when the file changes', () => {
    const base = tempDir('akk-claude-');
    const layout = claudeLayout(base, '2.1.263');
    const identifier = new AgentIdentifier({ proc: new ProcFs(tempDir('akk-proc-')) });
    const st = fs.statSync(layout.nativeExe);
    assert.equal(identifier.identifyCached(layout.nativeExe, st).version, '2.1.263');
    claudeLayout(base, '2.1.266');
    assert.equal(identifier.identifyCached(layout.nativeExe, st).version, '2.1.263', 'same file identity: cached');
    assert.equal(identifier.identifyCached(layout.nativeExe, { ...st, mtimeMs: st.mtimeMs + 1 }).version, '2.1.266');
  });
});
