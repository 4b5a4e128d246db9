/**
 * tmux where people have it: an editor started from a desktop runs with a short PATH, so a bare
 * `tmux` is looked for on PATH and then where package managers install it; a path the person set
 * is kept as it is.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { USUAL_TMUX_DIRS, findTmux } from '../../../src/server/sessions/tmux/find-tmux';

describe('sessions/tmux/find-tmux', () => {
  let root = '';
  const place = (dir: string, mode = 0o755): string => {
    const d = path.join(root, dir);
    fs.mkdirSync(d, { recursive: true });
    const file = path.join(d, 'tmux');
    fs.writeFileSync(file, '#!/bin/sh\n');
    fs.chmodSync(file, mode);
    return file;
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-find-tmux-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds tmux on PATH first', () => {
    const onPath = place('path-bin');
    place('homebrew');
    assert.equal(findTmux('tmux', { PATH: path.join(root, 'path-bin') }, [path.join(root, 'homebrew')]), onPath);
  });

  it("finds Homebrew's tmux when the editor's PATH leaves it out (an editor started from the Dock)", () => {
    const brew = place('opt/homebrew/bin');
    const usual = [path.join(root, 'opt/homebrew/bin'), path.join(root, 'usr/local/bin')];
    assert.equal(findTmux('tmux', { PATH: '/usr/bin-none:/bin-none' }, usual), brew);
  });

  it('skips a file that is not executable, and keeps a bare name when tmux is nowhere', () => {
    place('plain', 0o644);
    assert.equal(findTmux('tmux', { PATH: path.join(root, 'plain') }, []), 'tmux');
  });

  it('uses a path the person set as it is', () => {
    assert.equal(findTmux('/custom/bin/tmux', { PATH: '' }, USUAL_TMUX_DIRS), '/custom/bin/tmux');
  });

  it('looks in Homebrew (both prefixes), MacPorts and the system folders', () => {
    for (const d of ['/opt/homebrew/bin', '/usr/local/bin', '/opt/local/bin', '/usr/bin'])
      assert.ok(USUAL_TMUX_DIRS.includes(d));
  });
});
