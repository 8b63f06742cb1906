/**
 * The PostgreSQL side of the data layer (DATABASE_URL=postgres://…, docs/decisions/0024-postgres.md): a
 * pg Pool under Kysely's PostgresDialect, and one listening connection per process that hears of content
 * changes from every instance (the triggers of migrations 0005/0006, db/dialect.ts).
 */
import { randomUUID } from "node:crypto";
import {
	Kysely,
	type KyselyPlugin,
	OperationNodeTransformer,
	type PluginTransformQueryArgs,
	type PluginTransformResultArgs,
	PostgresDialect,
	type PrimitiveValueListNode,
	type QueryResult,
	type RootOperationNode,
	type UnknownRow,
	type ValueNode,
} from "kysely";
import pg from "pg";
import { CONTENT_CHANNEL } from "./dialect";
import type { Database } from "./schema";

/** The pool's size per instance: requests, the mail sender and the jobs share it. */
const POOL_SIZE = 10;
/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

const INT8_OID = 20;

/**
 * Counts (`count(*)` is bigint in Postgres) come back as numbers, as SQLite gives them: pg hands out
 * bigints as strings, since they may exceed 2^53; no count or id of ours comes near that.
 */
function postgresTypes(): pg.CustomTypesConfig {
	const types = new pg.TypeOverrides();
	types.setTypeParser(INT8_OID, (value: string) => Number(value));
	return types;
}

export function postgresPool(url: string, max = POOL_SIZE): pg.Pool {
	// allowExitOnIdle: a CLI (setup, user:create) ends when its work is done, without closing the pool.
	const pool = new pg.Pool({ connectionString: url, max, types: postgresTypes(), allowExitOnIdle: true });
	// An idle connection that the server drops (a restart, a failover) is simply replaced by the pool; the
	// error must be handled, or Node would end the process.
	pool.on("error", () => {});
	return pool;
}

const withoutNul = (value: unknown) => (typeof value === "string" ? value.replaceAll("\0", "") : value);

class NulRemover extends OperationNodeTransformer {
	protected override transformValue(node: ValueNode): ValueNode {
		return { ...node, value: withoutNul(node.value) };
	}
	protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
		return { ...node, values: node.values.map(withoutNul) };
	}
}

/**
 * Postgres text cannot hold U+0000 (SQLite's can), and a value with one fails the whole statement. No
 * text of ours means anything by it, so it is dropped from every parameter: a search or a form field a
 * client padded with NULs is read without them, as on SQLite, instead of failing with a 500.
 */
class RemoveNulPlugin implements KyselyPlugin {
	readonly #transformer = new NulRemover();
	transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
		return this.#transformer.transformNode(args.node);
	}
	async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
		return args.result;
	}
}

export function postgresKysely(pool: pg.Pool): Kysely<Database> {
	return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new RemoveNulPlugin()] });
}

/** The advisory lock that instances starting at once take turns on to migrate and seed (app/server/cli/setup.ts). */
export const SETUP_LOCK = 4_271_962_031;

/**
 * Runs `task` while holding a Postgres advisory lock on a connection of its own: instances doing the same
 * at once take turns, and the lock goes with the connection if the process dies.
 */
export async function withAdvisoryLock<T>(url: string, key: number, task: () => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		await client.query("select pg_advisory_lock($1)", [key]);
		return await task();
	} finally {
		await client.end();
	}
}

/**
 * What a process knows of changes that other connections commit. On SQLite it is `PRAGMA data_version`
 * (db/connection.ts); on Postgres the notifications below.
 */
export interface ChangeFeed {
	/** A value that is different once another connection has committed a change (compare with ===). */
	token(): number;
	/** Calls `listener` after each change is heard of; returns the function that stops it. */
	onChange(listener: () => void): () => void;
	/** Resolves once every change committed before the call has been heard of (at once on SQLite). */
	caughtUp(): Promise<void>;
	close(): Promise<void>;
}

const CAUGHT_UP_PREFIX = "caught-up:";

/**
 * LISTEN on CONTENT_CHANNEL over a connection of its own. Postgres delivers a notification to every
 * listener when the transaction that sent it commits, so an instance hears of another's edit within
 * milliseconds, and nothing is read per request. While the connection is down nothing can be heard, so
 * every look counts as a change (callers read afresh: correct, only slower) until it is back, and coming
 * back counts as one too (whatever happened meanwhile is read then).
 */
export function listenForChanges(url: string): ChangeFeed {
	let counter = 0;
	let client: pg.Client | null = null;
	let listening = false;
	let closed = false;
	let retry: NodeJS.Timeout | undefined;
	/** The connection attempt under way (or the last one): caughtUp() waits for it. */
	let connecting: Promise<void> = Promise.resolve();
	const listeners = new Set<() => void>();
	const waiters = new Map<string, () => void>();

	const changed = () => {
		counter += 1;
		for (const listener of listeners) listener();
	};
	const lost = (which: pg.Client) => {
		if (which !== client) return;
		client = null;
		listening = false;
		changed();
		for (const resolve of waiters.values()) resolve();
		waiters.clear();
		which.end().catch(() => {});
		if (!closed) {
			retry = setTimeout(() => {
				connecting = connect();
			}, RECONNECT_MS);
			retry.unref();
		}
	};
	async function connect(): Promise<void> {
		if (closed) return;
		// Named, so an operator (or a test) can tell it from the pool's connections in pg_stat_activity.
		const connection = new pg.Client({ connectionString: url, application_name: "forma-listen" });
		client = connection;
		connection.on("notification", (message) => {
			const payload = message.payload ?? "";
			if (payload.startsWith(CAUGHT_UP_PREFIX)) {
				const marker = payload.slice(CAUGHT_UP_PREFIX.length);
				waiters.get(marker)?.();
				waiters.delete(marker);
				return;
			}
			changed();
		});
		connection.on("error", () => lost(connection));
		connection.on("end", () => lost(connection));
		try {
			await connection.connect();
			await connection.query(`listen ${CONTENT_CHANNEL}`);
			if (client !== connection) return;
			listening = true;
			changed();
		} catch {
			lost(connection);
		}
	}
	connecting = connect();

	return {
		token() {
			if (!listening) counter += 1;
			return counter;
		},
		onChange(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		async caughtUp() {
			await connecting;
			const connection = client;
			if (!listening || !connection) return;
			const marker = randomUUID();
			const heard = new Promise<void>((resolve) => waiters.set(marker, resolve));
			// Notifications reach a listener in commit order, its own included: once this one is back,
			// every change committed before it has been heard.
			await connection.query("select pg_notify($1, $2)", [CONTENT_CHANNEL, `${CAUGHT_UP_PREFIX}${marker}`]);
			await heard;
		},
		async close() {
			closed = true;
			clearTimeout(retry);
			const connection = client;
			client = null;
			listening = false;
			for (const resolve of waiters.values()) resolve();
			waiters.clear();
			await connection?.end().catch(() => {});
		},
	};
}
