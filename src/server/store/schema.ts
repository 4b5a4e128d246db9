/**
 * Schema migrations, an ordered list keyed by `PRAGMA user_version`. Migration N brings a
 * database from version N-1 to N. Add new entries at the end; never edit a shipped one.
 */
import { AkkError } from '../../shared/errors';
import { canonicalJson, sha256 } from './canonical';
import type { SqlDatabase } from './database';
import { WORKSPACE_OWNER } from './records';

interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Rewrites rows where SQL alone cannot (runs after `sql`, in the same transaction). */
  transform?: (db: SqlDatabase) => void;
}

const STATUS_LIST = "'active','resolving','resolved','declined','dismissed','invalidated','expired','failed'";
const RISK_LIST = "'low','elevated','destructive','irreversible','external_regulated'";

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'interactions, authority, audit, fences, counters, attached sessions, outbox',
    sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  agent TEXT NOT NULL,
  binding_generation INTEGER NOT NULL,
  prompt_fingerprint TEXT NOT NULL,
  revision INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  closed_at INTEGER
) WITHOUT ROWID;

CREATE TABLE turns (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER
) WITHOUT ROWID;
CREATE INDEX turns_session ON turns(session_id);

CREATE TABLE interactions (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  session_id TEXT NOT NULL,
  turn_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  payload_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN (${STATUS_LIST})),
  blocking INTEGER NOT NULL CHECK (blocking IN (0, 1)),
  bound_revision INTEGER NOT NULL,
  revision_independent INTEGER NOT NULL CHECK (revision_independent IN (0, 1)),
  text_policy TEXT NOT NULL,
  risk_class TEXT NOT NULL CHECK (risk_class IN (${RISK_LIST})),
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  resolved_at INTEGER,
  outcome TEXT
);
-- One blocking interaction per session: active and resolving rows both hold the slot.
CREATE UNIQUE INDEX interactions_one_blocking ON interactions(session_id)
  WHERE blocking = 1 AND status IN ('active', 'resolving');
CREATE INDEX interactions_session ON interactions(session_id, status);
CREATE INDEX interactions_expiry ON interactions(expires_at)
  WHERE status = 'active' AND expires_at IS NOT NULL;
CREATE INDEX interactions_closed ON interactions(resolved_at) WHERE resolved_at IS NOT NULL;

CREATE TABLE options (
  interaction_id TEXT NOT NULL,
  option_id TEXT NOT NULL,
  question_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  action TEXT NOT NULL,
  freeform TEXT NOT NULL,
  PRIMARY KEY (interaction_id, option_id)
) WITHOUT ROWID;

CREATE TABLE authority (
  interaction_id TEXT PRIMARY KEY,
  endpoint TEXT NOT NULL,
  process_incarnation TEXT NOT NULL,
  native_thread TEXT,
  binding_generation INTEGER NOT NULL,
  transcript_identity TEXT,
  prompt_fingerprint TEXT NOT NULL,
  native_step TEXT NOT NULL,
  key_plan TEXT,
  offer_owner TEXT,
  offer_expires_at INTEGER,
  reservation TEXT,
  last_proven_stage TEXT NOT NULL,
  uncertain INTEGER NOT NULL CHECK (uncertain IN (0, 1))
) WITHOUT ROWID;

CREATE TABLE audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  event TEXT NOT NULL,
  interaction_id TEXT,
  session_id TEXT,
  from_status TEXT,
  to_status TEXT,
  code TEXT,
  reservation_id TEXT,
  action_digest TEXT,
  answer_digest TEXT,
  answer_length INTEGER
);
CREATE INDEX audit_interaction ON audit(interaction_id);
CREATE INDEX audit_at ON audit(at);

CREATE TABLE fences (
  session_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  interaction_id TEXT,
  fenced_at INTEGER NOT NULL,
  PRIMARY KEY (session_id, fingerprint)
) WITHOUT ROWID;
CREATE INDEX fences_at ON fences(fenced_at);

CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;

CREATE TABLE attached_sessions (
  session_id TEXT PRIMARY KEY,
  endpoint TEXT NOT NULL,
  agent TEXT NOT NULL,
  version TEXT NOT NULL,
  attached_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  method TEXT NOT NULL,
  params TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX outbox_pending ON outbox(id) WHERE delivered_at IS NULL;

INSERT INTO meta (key, value) VALUES ('journal_seq', '0');
`,
  },
  {
    version: 2,
    name: 'managed sends, keyed by the caller request id',
    sql: `
CREATE TABLE sends (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  turn_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'uncertain')),
  text_digest TEXT NOT NULL,
  text_length INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sends_in_flight ON sends(created_at) WHERE status = 'sending';
`,
  },
  {
    version: 3,
    name: 'rows owned by the workspace store, offers by connections; settled uncertain outcomes',
    sql: `
UPDATE sessions SET owner = '${WORKSPACE_OWNER}';
UPDATE interactions SET owner = '${WORKSPACE_OWNER}';
UPDATE authority SET offer_owner = NULL, offer_expires_at = NULL;
ALTER TABLE authority ADD COLUMN uncertain_settled_at INTEGER;
`,
  },
  {
    version: 4,
    name: 'the listing title leaves the payload for its own column; interactions have no expiry',
    sql: `
ALTER TABLE interactions ADD COLUMN title TEXT NOT NULL DEFAULT '';
DROP INDEX interactions_expiry;
ALTER TABLE interactions DROP COLUMN expires_at;
`,
    transform: moveListingTitles,
  },
  {
    version: 5,
    name: 'messages that follow a step: queued with their text until they leave the queue',
    sql: `
CREATE TABLE follow_ups (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  interaction_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'uncertain', 'dropped')),
  text TEXT,
  text_digest TEXT NOT NULL,
  text_length INTEGER NOT NULL,
  reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX follow_ups_queued ON follow_ups(session_id, created_at) WHERE status = 'queued';
`,
  },
  {
    version: 6,
    name: 'an offer per connection: the editor and each supervisor hold their own',
    sql: `
CREATE TABLE offers (
  interaction_id TEXT NOT NULL,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (interaction_id, holder)
) WITHOUT ROWID;
INSERT INTO offers (interaction_id, holder, expires_at)
  SELECT interaction_id, offer_owner, offer_expires_at FROM authority
  WHERE offer_owner IS NOT NULL AND offer_expires_at IS NOT NULL;
ALTER TABLE authority DROP COLUMN offer_owner;
ALTER TABLE authority DROP COLUMN offer_expires_at;
`,
  },
];

/** Where schema 3 kept an interaction's listing title: a key inside its payload. */
const LEGACY_TITLE_KEY = 'akk_listing_title';

/**
 * Schema 4: each payload's listing title moves to the `title` column (the kind where there was
 * none, as listings showed it). The payload hash is taken again over the payload without the
 * title, so that it names exactly what the person was shown (the projection never carried the
 * title) and equals the hash a new interaction of the same card gets. The title is derived from
 * the payload, so the old hash held nothing more; the ledger never cites payload hashes.
 */
function moveListingTitles(db: SqlDatabase): void {
  for (const row of db.all('SELECT id, kind, payload FROM interactions')) {
    let payload: unknown;
    try {
      payload = JSON.parse(String(row.payload));
    } catch {
      payload = undefined; // left as it is: reading it back reports store_corrupt, as before
    }
    const fields: Record<string, unknown> =
      typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...payload } : {};
    const title = fields[LEGACY_TITLE_KEY];
    if (!(LEGACY_TITLE_KEY in fields)) {
      db.run('UPDATE interactions SET title = ? WHERE id = ?', [String(row.kind), row.id ?? null]);
      continue;
    }
    delete fields[LEGACY_TITLE_KEY];
    const text = canonicalJson(fields);
    db.run('UPDATE interactions SET title = ?, payload = ?, payload_hash = ? WHERE id = ?', [
      typeof title === 'string' ? title : String(row.kind),
      text,
      sha256(text),
      row.id ?? null,
    ]);
  }
}

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;

export function userVersion(db: SqlDatabase): number {
  const row = db.get('PRAGMA user_version');
  const value = row ? Object.values(row)[0] : 0;
  return typeof value === 'number' ? value : 0;
}

/**
 * Brings the database to the latest version, one migration per transaction.
 * Returns whether anything ran. A newer file is refused with `store_too_new`.
 */
export function migrate(db: SqlDatabase): boolean {
  const current = userVersion(db);
  if (current > LATEST_SCHEMA_VERSION) {
    throw new AkkError(
      'store_too_new',
      'the interaction store was written by a newer version ' +
        `(schema ${current}, this version knows ${LATEST_SCHEMA_VERSION}); update the extension`,
      { schema: current, supported: LATEST_SCHEMA_VERSION },
    );
  }
  let ran = false;
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    try {
      db.exec(`BEGIN; ${migration.sql};`);
      migration.transform?.(db);
      db.exec(`PRAGMA user_version = ${migration.version}; COMMIT;`);
    } catch (error) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // no transaction left open
      }
      throw error;
    }
    ran = true;
  }
  return ran;
}
