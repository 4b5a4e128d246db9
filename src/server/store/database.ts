/**
 * A thin wrapper over one sql.js database: cached prepared statements, connection PRAGMAs that
 * are re-applied after every `export()` (which closes and reopens the connection), and typed
 * row access. Only the store uses it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic, Statement } from 'sql.js';
import type { SqlParam } from './journal-format';

export type Row = Record<string, string | number | null>;

let sqlJs: Promise<SqlJsStatic> | undefined;

/** The wasm beside a bundle (dist/), else `undefined`: sql.js then finds its own in node_modules. */
function wasmPath(explicit?: string): string | undefined {
  if (explicit) return explicit;
  const beside = path.join(__dirname, 'sql-wasm.wasm');
  return fs.existsSync(beside) ? beside : undefined;
}

/** Loads the sql.js module once per process. */
export function loadSqlJs(explicitWasm?: string): Promise<SqlJsStatic> {
  if (!sqlJs) {
    const file = wasmPath(explicitWasm);
    sqlJs = initSqlJs(file ? { locateFile: () => file } : undefined).catch((error: unknown) => {
      sqlJs = undefined; // let a later open try again
      throw error;
    });
  }
  return sqlJs;
}

/** PRAGMAs of the connection: durability is the journal's job, so SQLite's own is off. */
const CONNECTION_PRAGMAS =
  'PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY; ' +
  'PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY;';

interface Prepared {
  stmt: Statement;
  /** Column names, read once: sql.js would decode them again for every row. */
  columns: string[] | null;
}

export class SqlDatabase {
  private readonly statements = new Map<string, Prepared>();
  private inTransaction = false;

  constructor(private readonly db: Database) {
    this.db.exec(CONNECTION_PRAGMAS);
  }

  static open(SQL: SqlJsStatic, bytes?: Uint8Array): SqlDatabase {
    return new SqlDatabase(bytes ? new SQL.Database(bytes) : new SQL.Database());
  }

  private prepared(sql: string): Prepared {
    let p = this.statements.get(sql);
    if (!p) {
      p = { stmt: this.db.prepare(sql), columns: null };
      this.statements.set(sql, p);
    }
    return p;
  }

  private row(p: Prepared): Row {
    p.columns ??= p.stmt.getColumnNames();
    const values = p.stmt.get();
    const row: Row = {};
    p.columns.forEach((name, i) => {
      const v = values[i];
      row[name] = v === undefined || v instanceof Uint8Array ? null : v;
    });
    return row;
  }

  run(sql: string, params: readonly SqlParam[] = []): void {
    const { stmt } = this.prepared(sql);
    try {
      stmt.run(params as SqlParam[]);
    } finally {
      stmt.reset();
    }
  }

  all(sql: string, params: readonly SqlParam[] = []): Row[] {
    const p = this.prepared(sql);
    const rows: Row[] = [];
    try {
      p.stmt.bind(params as SqlParam[]);
      while (p.stmt.step()) rows.push(this.row(p));
    } finally {
      p.stmt.reset();
    }
    return rows;
  }

  get(sql: string, params: readonly SqlParam[] = []): Row | undefined {
    const p = this.prepared(sql);
    try {
      p.stmt.bind(params as SqlParam[]);
      return p.stmt.step() ? this.row(p) : undefined;
    } finally {
      p.stmt.reset();
    }
  }

  /** Runs a script (migrations); no parameters, nothing cached. */
  exec(sql: string): void {
    this.db.exec(sql);
  }

  changes(): number {
    return this.db.getRowsModified();
  }

  begin(): void {
    this.run('BEGIN');
    this.inTransaction = true;
  }

  commit(): void {
    this.run('COMMIT');
    this.inTransaction = false;
  }

  rollback(): void {
    if (!this.inTransaction) return;
    this.inTransaction = false;
    this.run('ROLLBACK');
  }

  get transactionOpen(): boolean {
    return this.inTransaction;
  }

  /**
   * Serializes the whole database. Never inside a transaction: sql.js closes and reopens the
   * connection, which drops the transaction, the prepared statements and the PRAGMAs.
   */
  export(): Uint8Array {
    if (this.inTransaction) throw new Error('export() inside a transaction');
    this.dropStatements();
    const bytes = this.db.export();
    this.db.exec(CONNECTION_PRAGMAS);
    return bytes;
  }

  private dropStatements(): void {
    for (const p of this.statements.values()) p.stmt.free();
    this.statements.clear();
  }

  close(): void {
    this.dropStatements();
    this.db.close();
  }
}
