/**
 * docs/architecture.md names rooms and the files in them: every room heading is a folder that
 * exists, every folder of `src` and `src/server` is a room the map names (both ways), and every
 * file a room's section names exists in that room, so the map cannot drift from the house without
 * this failing. docs/adding-an-agent.md names only paths that exist.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p).map((f) => join(name, f)));
    else out.push(name);
  }
  return out;
}

/** Each `### \`folder\`` section with the backticked names in it. */
function sections(): Array<{ room: string; names: string[] }> {
  const out: Array<{ room: string; names: string[] }> = [];
  for (const part of DOC.split(/^### /m).slice(1)) {
    const heading = /^`([^`]+)`/.exec(part);
    if (!heading?.[1]) continue;
    const names = [...part.matchAll(/`([A-Za-z0-9_./-]+\.(?:ts|md|json))`/g)].map((m) => m[1] ?? '');
    out.push({ room: heading[1].split(',')[0]?.trim() ?? heading[1], names });
  }
  return out;
}

describe('docs/architecture.md', () => {
  it('names rooms that exist', () => {
    const rooms = [...DOC.matchAll(/^### `([^`]+)`/gm)].map((m) => m[1] ?? '');
    assert.ok(rooms.length >= 8, `rooms found: ${rooms.join(', ')}`);
    for (const heading of rooms) {
      for (const room of heading.split(',').map((r) => r.trim())) {
        assert.ok(
          existsSync(join(ROOT, room)) && statSync(join(ROOT, room)).isDirectory(),
          `room ${room} does not exist`,
        );
      }
    }
  });

  it('names every room that exists: each folder of src and src/server', () => {
    const named = new Set(
      [...DOC.matchAll(/^### `([^`]+)`/gm)].flatMap((m) => (m[1] ?? '').split(',').map((r) => r.trim())),
    );
    // The compiler's stand-in for a forbidden `vscode` import is a device of the build, not a room.
    const devices = new Set(['src/forbidden-imports']);
    for (const parent of ['src', 'src/server']) {
      for (const name of readdirSync(join(ROOT, parent))) {
        const room = `${parent}/${name}`;
        if (!statSync(join(ROOT, room)).isDirectory() || devices.has(room)) continue;
        assert.ok(named.has(room), `${room} exists but docs/architecture.md has no section for it`);
      }
    }
  });

  it('names files that exist in their rooms', () => {
    for (const { room, names } of sections()) {
      const present = filesUnder(join(ROOT, room));
      for (const name of names) {
        const found = existsSync(join(ROOT, name)) || present.some((f) => f === name || f.endsWith(`/${name}`));
        assert.ok(found, `${name} is named under ${room} but is not there`);
      }
    }
  });

  it('starts a newcomer at entry points that exist', () => {
    const start = /^## Start here\n([\s\S]*?)^## /m.exec(DOC)?.[1] ?? '';
    const paths = [...start.matchAll(/`((?:src|test)\/[A-Za-z0-9_./<>-]+)`/g)].map((m) => m[1] ?? '');
    assert.ok(paths.length >= 8, `entry points found: ${paths.join(', ')}`);
    for (const p of paths) {
      const bare = p.replace(/<room>\/?$/, '').replace(/<agent>/g, 'claude');
      assert.ok(existsSync(join(ROOT, bare)), `${p} is named as an entry point but does not exist`);
    }
  });

  it('draws the data flow through rooms that exist', () => {
    for (const room of [
      'src/server/sessions/tmux',
      'src/server/observe',
      'src/server/respond',
      'src/server/store',
      'src/adapters',
    ]) {
      assert.ok(existsSync(join(ROOT, room)), room);
    }
  });
});

describe('docs/adding-an-agent.md', () => {
  it('names paths that exist (with the placeholders filled by an existing agent)', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'adding-an-agent.md'), 'utf8');
    const paths = [...doc.matchAll(/`((?:src|test|fixtures|docs|scripts)\/[A-Za-z0-9_./<>-]+)`/g)].map(
      (m) => m[1] ?? '',
    );
    assert.ok(paths.length >= 5, `paths found: ${paths.join(', ')}`);
    for (const p of paths) {
      const filled = p.replace(/<agent>/g, 'claude').replace(/<version>\/<cols>x<rows>/g, '2.1.332/120x40');
      const bare = filled.replace(/<version>/g, '2.1.332');
      assert.ok(existsSync(join(ROOT, bare)), `${p} is named but ${bare} does not exist`);
    }
  });
});
