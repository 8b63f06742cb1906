import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
	CompiledQuery,
	type DatabaseConnection,
	type Driver,
	Kysely,
	SqliteAdapter,
	type SqliteDatabase,
	SqliteDialect,
	type SqliteDialectConfig,
	SqliteDriver,
} from "kysely";
import type pg from "pg";
import { type ChangeFeed, listenForChanges, postgresKysely, postgresPool } from "./postgres";
import type { Database } from "./schema";

/** A SQLite file (the default: DATABASE_PATH) with its better-sqlite3 connection. */
export interface SqliteHandle {
	kind: "sqlite";
	db: Kysely<Database>;
	sqlite: SQLite.Database;
}

/** A PostgreSQL database (DATABASE_URL): Kysely over a pg Pool, and the URL for connections of its own. */
export interface PostgresHandle {
	kind: "postgres";
	db: Kysely<Database>;
	pool: pg.Pool;
	url: string;
	/** Hears of content changes from every instance; made on first use (a CLI never needs one). */
	changes(): ChangeFeed;
	/** Ends the listener and the pool. */
	close(): Promise<void>;
}

export type DatabaseHandle = SqliteHandle | PostgresHandle;

/** A postgres:// (or postgresql://) URL: the database to use instead of the SQLite file. */
export function isPostgresUrl(url: string | undefined): url is string {
	return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

/** The database the environment names: Postgres with DATABASE_URL, else the SQLite file at DATABASE_PATH. */
export function openConfiguredDatabase(config: {
	DATABASE_URL?: string;
	DATABASE_PATH: string;
}): DatabaseHandle {
	return isPostgresUrl(config.DATABASE_URL)
		? openPostgres(config.DATABASE_URL)
		: openDatabase(config.DATABASE_PATH);
}

export function openPostgres(url: string, options: { poolSize?: number } = {}): PostgresHandle {
	const pool = postgresPool(url, options.poolSize);
	const db = postgresKysely(pool);
	let feed: ChangeFeed | undefined;
	return {
		kind: "postgres",
		db,
		pool,
		url,
		changes() {
			feed ??= listenForChanges(url);
			return feed;
		},
		async close() {
			await feed?.close();
			await db.destroy();
		},
	};
}

/** Pragmas every connection needs: WAL for concurrent readers, FK enforcement, patience under write locks. */
const REQUIRED_PRAGMAS = {
	journal_mode: "wal",
	foreign_keys: 1,
	synchronous: 1, // NORMAL: durable with WAL, without an fsync per transaction
} as const;
export const MIN_BUSY_TIMEOUT_MS = 5000;

/**
 * SQLite runs schema changes inside transactions, but Kysely's adapter conservatively says it cannot, and
 * then a failed migration would leave half of its changes behind. With this, each migration is atomic.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
	override get supportsTransactionalDdl(): boolean {
		return true;
	}
}

/**
 * Transactions start with BEGIN IMMEDIATE, taking the write lock at once (waiting for it up to the busy
 * timeout). With a plain BEGIN, a transaction that reads and then writes (delete a project: read it, its
 * pictures, then delete) fails at once with "database is locked" when another connection (a CLI, a second
 * process) commits in between: its snapshot is stale and SQLite cannot wait that out.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
	override async beginTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw("begin immediate"));
	}
}

class FormaSqliteDialect extends SqliteDialect {
	readonly #config: SqliteDialectConfig;

	constructor(config: SqliteDialectConfig) {
		super(config);
		this.#config = config;
	}

	override createAdapter(): SqliteAdapter {
		return new TransactionalDdlSqliteAdapter();
	}

	override createDriver(): Driver {
		return new ImmediateTransactionSqliteDriver(this.#config);
	}
}

export function openDatabase(filename: string): SqliteHandle {
	if (filename !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
	const sqlite = new SQLite(filename);
	sqlite.pragma("journal_mode = WAL");
	sqlite.pragma("foreign_keys = ON");
	sqlite.pragma(`busy_timeout = ${MIN_BUSY_TIMEOUT_MS}`);
	sqlite.pragma("synchronous = NORMAL");
	assertPragmas(sqlite);
	registerFunctions(sqlite);
	const db = new Kysely<Database>({
		dialect: new FormaSqliteDialect({ database: withStatementCache(sqlite) }),
	});
	return { kind: "sqlite", db, sqlite };
}

/** How many compiled statements a connection keeps: every query the site runs, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare(): 3 % of a
 * signed-in page's CPU time. The same few dozen queries run on every page, so their compiled statements
 * are kept (the least recently used go first). Sharing one is safe: Kysely runs one query at a time on its
 * one connection (a stream holds it until done), and SQLite recompiles a statement after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
	const statements = new Map<string, SQLite.Statement>();
	return {
		close: () => sqlite.close(),
		prepare(sql) {
			const cached = statements.get(sql);
			statements.delete(sql);
			const statement = cached ?? sqlite.prepare(sql);
			statements.set(sql, statement);
			if (statements.size > STATEMENT_CACHE_SIZE) {
				const oldest = statements.keys().next().value;
				if (oldest !== undefined) statements.delete(oldest);
			}
			return statement;
		},
	};
}

/**
 * Folds the write-ahead log back into the database file (so the volume holds one complete file), then
 * closes the connection. A failed checkpoint is reported, and the connection closed all the same.
 */
export function checkpointAndClose(
	sqlite: SQLite.Database,
	onCheckpointError: (error: unknown) => void,
): void {
	if (!sqlite.open) return;
	try {
		sqlite.pragma("wal_checkpoint(TRUNCATE)");
	} catch (error) {
		onCheckpointError(error);
	}
	sqlite.close();
}

/** Folds text for search: Unicode lower case (SQLite's lower() only knows ASCII) and ё → е. */
export function foldForSearch(value: string): string {
	return value.toLocaleLowerCase("ru-RU").replaceAll("ё", "е");
}

function registerFunctions(sqlite: SQLite.Database): void {
	sqlite.function("search_fold", { deterministic: true }, (value: unknown) =>
		typeof value === "string" ? foldForSearch(value) : null,
	);
}

export interface PragmaState {
	journal_mode: string;
	foreign_keys: number;
	busy_timeout: number;
	synchronous: number;
}

export function readPragmas(sqlite: SQLite.Database): PragmaState {
	return {
		journal_mode: String(sqlite.pragma("journal_mode", { simple: true })).toLowerCase(),
		foreign_keys: Number(sqlite.pragma("foreign_keys", { simple: true })),
		busy_timeout: Number(sqlite.pragma("busy_timeout", { simple: true })),
		synchronous: Number(sqlite.pragma("synchronous", { simple: true })),
	};
}

/** Refuses to run on a connection without the settings we rely on (an in-memory db cannot use WAL). */
function assertPragmas(sqlite: SQLite.Database): void {
	const state = readPragmas(sqlite);
	const problems: string[] = [];
	if (!sqlite.memory && state.journal_mode !== REQUIRED_PRAGMAS.journal_mode)
		problems.push(`journal_mode is ${state.journal_mode}, expected wal`);
	if (state.foreign_keys !== REQUIRED_PRAGMAS.foreign_keys) problems.push("foreign_keys is OFF");
	if (state.synchronous !== REQUIRED_PRAGMAS.synchronous)
		problems.push(`synchronous is ${state.synchronous}, expected 1 (NORMAL)`);
	if (state.busy_timeout < MIN_BUSY_TIMEOUT_MS)
		problems.push(`busy_timeout is ${state.busy_timeout}, expected at least ${MIN_BUSY_TIMEOUT_MS}`);
	if (problems.length > 0) throw new Error(`SQLite connection is misconfigured: ${problems.join("; ")}`);
}
