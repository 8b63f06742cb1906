import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ActivityAction, ActivityEntity } from "../app/lib/activity";
import type {
	ProjectAvailability,
	ProjectCategory,
	ProjectStatus,
	SlideCategory,
} from "../app/lib/categories";
import type { ArtCollection } from "../app/lib/collections";
import type { Language } from "../app/lib/i18n";

/**
 * The single truth for table columns. Timestamps are ISO-8601 text (UTC); booleans are 0/1 integers, as
 * SQLite stores them. Image columns hold a storage key under uploads/ (see app/lib/images.server.ts).
 */
type Timestamp = ColumnType<string, string | undefined, string>;

export interface ProjectsTable {
	id: string;
	name: string;
	/** The artist (designer, studio) who made it; null only for rows a migration could not place. */
	artist_id: string | null;
	/** Whole rubles; 0 reads "Price on request". */
	price: ColumnType<number, number | undefined, number>;
	category: ColumnType<ProjectCategory, ProjectCategory | undefined, ProjectCategory>;
	description_en: ColumnType<string, string | undefined, string>;
	description_ru: ColumnType<string, string | undefined, string>;
	image: string | null;
	image_width: number | null;
	image_height: number | null;
	link: string | null;
	/** Drafts are seen by admins only. */
	status: ColumnType<ProjectStatus, ProjectStatus | undefined, ProjectStatus>;
	/** 0/1: shown in the home page's Featured block, by featured_order. */
	featured: ColumnType<number, number | undefined, number>;
	featured_order: ColumnType<number, number | undefined, number>;
	availability: ColumnType<ProjectAvailability, ProjectAvailability | undefined, ProjectAvailability>;
	/** Facts, each optional ("" or null when unknown). Dimensions in centimetres, e.g. "78 × 72 × 70". */
	dimensions: ColumnType<string, string | undefined, string>;
	materials_en: ColumnType<string, string | undefined, string>;
	materials_ru: ColumnType<string, string | undefined, string>;
	year: number | null;
	/** Copies in the edition; null for unique or open-ended pieces. */
	edition_size: number | null;
	/** The art collection (/art's cards) the piece belongs to, or null (migration 0024). */
	collection: ColumnType<ArtCollection | null, ArtCollection | null | undefined, ArtCollection | null>;
	created_at: Timestamp;
	updated_at: Timestamp;
	/** Raised by one by every save; an edit form sends back the one it was opened at (docs/decisions/0023). */
	version: ColumnType<number, number | undefined, number>;
}

export interface ProjectImagesTable {
	id: Generated<number>;
	project_id: string;
	image_url: string;
	image_width: number | null;
	image_height: number | null;
	/** English alt text; alt_text_ru the Russian one (an empty one falls back to the other). */
	alt_text: ColumnType<string, string | undefined, string>;
	alt_text_ru: ColumnType<string, string | undefined, string>;
	sort_order: ColumnType<number, number | undefined, number>;
}

export interface HeroSlidesTable {
	id: Generated<number>;
	title_en: string;
	title_ru: string;
	subtitle_en: string;
	subtitle_ru: string;
	image_url: string;
	image_width: number | null;
	image_height: number | null;
	category: ColumnType<SlideCategory, SlideCategory | undefined, SlideCategory>;
	sort_order: number;
	is_active: ColumnType<number, number | undefined, number>;
	created_at: Timestamp;
	updated_at: Timestamp;
	/** Raised by one by every save; an edit form sends back the one it was opened at (docs/decisions/0023). */
	version: ColumnType<number, number | undefined, number>;
}

export interface ArtistsTable {
	id: string;
	name: string;
	image: string | null;
	image_width: number | null;
	image_height: number | null;
	description_en: ColumnType<string, string | undefined, string>;
	description_ru: ColumnType<string, string | undefined, string>;
	city_en: ColumnType<string, string | undefined, string>;
	city_ru: ColumnType<string, string | undefined, string>;
	/** The artist's own site, https only. */
	website: string | null;
	sort_order: ColumnType<number, number | undefined, number>;
	/** Raised by one by every save; an edit form sends back the one it was opened at (docs/decisions/0023). */
	version: ColumnType<number, number | undefined, number>;
}

export type UserRole = "user" | "admin";
export type UserStatus = "active" | "blocked";

export interface UsersTable {
	id: Generated<number>;
	username: string;
	email: string;
	phone: string | null;
	password_hash: string;
	role: ColumnType<UserRole, UserRole | undefined, UserRole>;
	status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
	/** When the owner of the address followed a verification link (or reset the password); null until then. */
	email_verified_at: string | null;
	/** The language they last used the site in: their mail is written in it. */
	language: ColumnType<Language, Language | undefined, Language>;
	/**
	 * 1 for an account made on /register: it signs in only once its address is confirmed, answering like a
	 * wrong password until then (docs/decisions/0017). 0 for accounts an administrator, the CLI or start-up
	 * made, and for those made before migration 0015.
	 */
	confirm_before_sign_in: ColumnType<number, number | undefined, number>;
	created_at: Timestamp;
	updated_at: Timestamp;
	/**
	 * Raised by one by every change of what the admin screen edits (role, status); a role or status form
	 * sends back the one it was shown with (docs/decisions/0023). The owner's own changes leave it alone.
	 */
	version: ColumnType<number, number | undefined, number>;
}

export interface SessionsTable {
	id: string;
	user_id: number;
	created_at: Timestamp;
	expires_at: string;
}

/** One row (id = 1): the admin's settings screen. */
export interface SettingsTable {
	id: ColumnType<1, 1 | undefined, never>;
	shop_name: string;
	shop_description: string;
	maintenance_mode: number;
	allow_registration: number;
	email_notifications: number;
	admin_email: string;
	audio_url: string;
	/** 0/1: e-mail buyers when an admin moves their request on (in progress, done, cancelled). */
	buyer_status_emails: number;
	updated_at: Timestamp;
	/** Raised by one by every save, whichever tab it came from (docs/decisions/0023). */
	version: ColumnType<number, number | undefined, number>;
	/** Months after which closed requests are anonymised and unused consents purged (migration 0018). */
	retention_months: ColumnType<number, number | undefined, number>;
	/** The operator's legal name, INN, OGRN/OGRNIP and legal address: /contact, footer, terms, privacy, mail. */
	seller_legal_name: ColumnType<string, string | undefined, string>;
	seller_inn: ColumnType<string, string | undefined, string>;
	seller_ogrn: ColumnType<string, string | undefined, string>;
	seller_legal_address: ColumnType<string, string | undefined, string>;
	/** Where people write about their personal data. */
	privacy_email: ColumnType<string, string | undefined, string>;
	/** Where buyers write about pieces; "" means the admin address. */
	sales_email: ColumnType<string, string | undefined, string>;
	/** The shop's name in English; `shop_name` is the Russian one (the spec's default). */
	shop_name_en: ColumnType<string, string | undefined, string>;
}

export type PurchaseRequestStatus = "new" | "in_progress" | "done" | "cancelled";
/** "purchase": Buy or Request price; "similar": asked about similar work after the piece sold; "wait": asked to hear when a reserved piece is free again (migration 0019). */
export type PurchaseRequestKind = "purchase" | "similar" | "wait";

export interface PurchaseRequestsTable {
	id: Generated<number>;
	/** Null when the project was deleted after the request was made. */
	project_id: string | null;
	project_name: string;
	/** Whole rubles, as shown when the request was made. */
	project_price: number;
	email: string;
	phone: string;
	user_id: number | null;
	status: ColumnType<PurchaseRequestStatus, PurchaseRequestStatus | undefined, PurchaseRequestStatus>;
	/** The gallery's internal note; buyers never see it. */
	note: ColumnType<string, string | undefined, string>;
	/** 0 when the piece had no price ("Price on request") as the request was made. */
	price_shown: ColumnType<number, number | undefined, number>;
	kind: ColumnType<PurchaseRequestKind, PurchaseRequestKind | undefined, PurchaseRequestKind>;
	/** The language of the page it was sent from: the buyer's mail is written in it. */
	language: ColumnType<Language, Language | undefined, Language>;
	created_at: Timestamp;
	updated_at: Timestamp;
	/** When erasure or retention replaced the person's e-mail, phone and notes naming them (migration 0018). */
	anonymised_at: ColumnType<string | null, string | null | undefined, string | null>;
	/** How a closed request ended (migration 0025); null while it is open. */
	outcome: ColumnType<RequestOutcome | null, RequestOutcome | null | undefined, RequestOutcome | null>;
	closed_at: NullableText;
	/** When the gallery first answered (a message to the buyer): the list's time to first reply. */
	first_reply_at: NullableText;
	/** When the buyer was told the piece they asked about is available again (a hold ended without a sale). */
	available_notice_at: NullableText;
	/** The buyer's messages no staff member has read yet: the list puts these requests first. */
	unread_by_staff: ColumnType<number, number | undefined, number>;
}

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

/** How a closed request ended (issue #37): "sold" marks the piece sold. */
export type RequestOutcome =
	| "sold"
	| "declined_price"
	| "declined_timing"
	| "declined_otherwise"
	| "no_answer"
	| "unavailable";

export type MessageParty = "buyer" | "gallery";

/** One message in a request's conversation (migration 0025, docs/decisions/0035). */
export interface RequestMessagesTable {
	id: Generated<number>;
	request_id: number;
	author: MessageParty;
	/** The staff member who wrote it, or the buyer's account; null for a guest or a deleted account. */
	user_id: number | null;
	/** The staff member's username when they wrote it; "" for the buyer. */
	author_name: ColumnType<string, string | undefined, string>;
	body: string;
	via: ColumnType<"site" | "email", "site" | "email" | undefined, "site" | "email">;
	created_at: string;
	/** When the other side read it. */
	read_at: NullableText;
}

/** A picture or PDF that came with a message, kept in the image store. */
export interface RequestAttachmentsTable {
	id: Generated<number>;
	message_id: number;
	storage_key: string;
	filename: string;
	content_type: string;
	size: number;
	created_at: string;
}

/** A staff member's internal note on a request: added, never overwritten; never shown to the buyer. */
export interface RequestNotesTable {
	id: Generated<number>;
	request_id: number;
	user_id: number | null;
	author_name: string;
	body: string;
	created_at: string;
}

/** A step in a request's timeline besides messages and notes (status, mail, hold, offer, outcome…). */
export interface RequestEventsTable {
	id: Generated<number>;
	request_id: number;
	kind: string;
	/** The staff member's username; "" for the buyer or the site itself (a scheduled job). */
	actor_name: ColumnType<string, string | undefined, string>;
	/** JSON. */
	details: ColumnType<string, string | undefined, string>;
	created_at: string;
}

/**
 * A party's private key to one request's thread: the guest link in each mail and the reply address. The
 * token is the nonce and its signature (app/models/request-links.server.ts); only the nonce is stored.
 */
export interface RequestLinksTable {
	id: Generated<number>;
	request_id: number;
	party: MessageParty;
	nonce: string;
	created_at: string;
	revoked_at: NullableText;
}

/** A staff template for a message, in one language. */
export interface CannedRepliesTable {
	id: Generated<number>;
	language: Language;
	title: string;
	body: string;
	position: ColumnType<number, number | undefined, number>;
	created_at: string;
	updated_at: string;
}

export type HoldEndReason = "released" | "sold" | "expired";

/** A piece kept for one buyer until a date; at most one active (ended_at null) per piece. */
export interface HoldsTable {
	id: Generated<number>;
	project_id: string;
	request_id: number;
	until: string;
	created_by: ColumnType<string, string | undefined, string>;
	created_at: string;
	reminded_at: NullableText;
	ended_at: NullableText;
	end_reason: ColumnType<HoldEndReason | null, HoldEndReason | null | undefined, HoldEndReason | null>;
}

export type OfferStatus = "open" | "accepted" | "declined" | "expired" | "withdrawn" | "lost";

/** A personal price for one buyer, with an expiry. */
export interface OffersTable {
	id: Generated<number>;
	request_id: number;
	project_id: string;
	/** Whole rubles. */
	price: number;
	expires_at: string;
	status: ColumnType<OfferStatus, OfferStatus | undefined, OfferStatus>;
	created_by: ColumnType<string, string | undefined, string>;
	created_at: string;
	answered_at: NullableText;
}

/** Every message posted to the inbound-mail hook, accepted or refused (and why). */
export interface InboundMailTable {
	id: Generated<number>;
	/** The message's Message-ID, or a hash of the message when it has none. */
	message_key: string;
	status: "accepted" | "refused";
	reason: ColumnType<string, string | undefined, string>;
	request_id: number | null;
	message_id: number | null;
	created_at: string;
}

export interface FavouritesTable {
	user_id: number;
	project_id: string;
	created_at: Timestamp;
}

export type OutboxStatus = "pending" | "sent" | "failed";

/**
 * One e-mail, rendered in full when it was queued (in the same transaction as its cause) and delivered by
 * the background sender (app/server/mail-sender.ts) with retries. docs/decisions/0017 has the design.
 */
export interface OutboxTable {
	id: Generated<number>;
	message_id: string;
	kind: string;
	to_address: string;
	language: Language;
	from_name: string;
	subject: string;
	text_body: string;
	html_body: string;
	reference: string | null;
	status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
	attempts: ColumnType<number, number | undefined, number>;
	next_attempt_at: Timestamp;
	last_error: string | null;
	sent_at: string | null;
	created_at: Timestamp;
	/**
	 * The mailbox the per-recipient caps count (app/lib/mail.server.ts mailboxKey): the address in lower
	 * case without its +tag. Null only on rows older than migration 0013's last two hours.
	 */
	recipient_key: string | null;
	/**
	 * The one-time link the message carries (migration 0014): its text and HTML hold LINK_SECRET_PLACEHOLDER
	 * where the link's secret goes, and the sender makes the secret as it sends. No working link is stored.
	 */
	email_token_id: number | null;
	/** A Reply-To; it may hold LINK_SECRET_PLACEHOLDER, for the request link's token (migration 0025). */
	reply_to: ColumnType<string | null, string | null | undefined, string | null>;
	/** The request link whose token the sender puts where the message holds LINK_SECRET_PLACEHOLDER. */
	request_link_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type EmailTokenPurpose = "verify_email" | "reset_password";

/**
 * A one-time link's token. Its secret is made from `nonce` under a key from SESSION_SECRET when the
 * message goes (app/models/email-tokens.server.ts); the row keeps the nonce and the secret's SHA-256.
 */
export interface EmailTokensTable {
	id: Generated<number>;
	user_id: number;
	purpose: EmailTokenPurpose;
	token_hash: string;
	/** Random; null on tokens made before migration 0014 (all used up by it). */
	nonce: string | null;
	email: string;
	expires_at: string;
	used_at: string | null;
	created_at: Timestamp;
}

/**
 * One administrator's change to one thing, written in the change's own transaction (docs/decisions/0021).
 * `changes` is JSON: [{ field, before, after }] (app/lib/activity.ts), never a secret.
 */
export interface AuditLogTable {
	id: Generated<number>;
	created_at: string;
	/** Null once the account is gone; actor_username still says who it was. */
	actor_id: number | null;
	/** The administrator's username when they made the change. */
	actor_username: string;
	entity_kind: ActivityEntity;
	/** The thing's id as text (project and artist ids are text, the others numbers). */
	entity_id: string;
	/** What the thing was called then (a project's name, a slide's title …); "" for the settings. */
	entity_label: ColumnType<string, string | undefined, string>;
	action: ActivityAction;
	changes: ColumnType<string, string | undefined, string>;
	/** The thing's version after the change (docs/decisions/0023); null for a deletion or a slide's move. */
	entity_version: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A one-time form token that has been used (docs/decisions/0022): claimed in the same transaction as the
 * write it guards, with that post's answer (JSON, app/lib/form-token.server.ts FormOutcome) for repeats.
 */
export interface FormSubmissionsTable {
	/** The token's random id. */
	id: string;
	/** Null only inside the claiming transaction. */
	outcome: string | null;
	expires_at: string;
	created_at: string;
}

/**
 * A rate limit's counter shared by every instance (Postgres; docs/decisions/0024). Times are milliseconds
 * since 1970.
 */
export interface RateLimitsTable {
	key: string;
	count: number;
	/** When the window began; for a backoff, when the last attempt was. */
	started_at: number;
	/** After this the row means nothing; the hourly purge deletes it. */
	expires_at: number;
}

/** When each scheduled job last ran, on whichever instance (app/models/scheduled-jobs.server.ts). */
export interface ScheduledJobsTable {
	name: string;
	last_run_at: string;
}

/**
 * Published pieces by category and artist, kept by triggers on projects (migration 0016, db/dialect.ts):
 * (category, "") a category's, ("", artist) an artist's, (category, artist) both. Every public count and
 * facet reads a few of these rows instead of counting the catalogue.
 */
export interface CatalogueCountsTable {
	category: string;
	artist_id: string;
	published: ColumnType<number, number | undefined, number>;
}

/**
 * A published piece in the search index (docs/decisions/0030-search.md): `id` is its order key (available
 * before reserved before sold, newest first), SQLite's FTS5 rowid; the columns beside it are what result
 * counts and orders need. Postgres adds `document` (tsvector), SQLite keeps the tokens in its FTS5 table
 * `search_index`: db/search-dialect.ts is the only code that reads either.
 */
export interface SearchDocumentsTable {
	id: number;
	project_id: string;
	category: ProjectCategory;
	artist_id: string | null;
	availability: ProjectAvailability;
	price: number;
	created_at: string;
}

/** An artist in the search index (their name), for the suggestions. */
export interface SearchArtistDocumentsTable {
	id: Generated<number>;
	artist_id: string;
}

/** A word the index holds, with its stem and transliteration keys: where queries look words up. */
export interface SearchTermsTable {
	term: string;
	stem: string;
	key: string;
	stem_key: string;
}

/** Words or phrases that mean the same, one a line, as staff typed them (/admin/search). */
export interface SearchSynonymsTable {
	id: Generated<number>;
	phrases: string;
	created_at: Timestamp;
	updated_at: Timestamp;
	/** Raised by one by every save (docs/decisions/0023). */
	version: ColumnType<number, number | undefined, number>;
}

/** A query that found nothing: its normalised text, how often, when last. No visitor's data. */
export interface SearchMissesTable {
	query: string;
	count: ColumnType<number, number | undefined, number>;
	last_at: string;
}

/** Facts about the database itself, such as when the seed ran, so seeding never repeats. */
export type ConsentPurpose = "purchase" | "account";

/** One version of the consent text for one purpose (migration 0018): a new row on every save. */
export interface ConsentTextsTable {
	id: Generated<number>;
	purpose: ConsentPurpose;
	version: number;
	body_en: string;
	body_ru: string;
	created_at: string;
	created_by: ColumnType<string, string | undefined, string>;
}

/** A consent given or withdrawn (append-only), in the same transaction as what it is for. */
export interface ConsentsTable {
	id: Generated<number>;
	purpose: ConsentPurpose;
	text_version: number;
	action: "given" | "withdrawn";
	user_id: number | null;
	email: ColumnType<string, string | undefined, string>;
	phone: ColumnType<string, string | undefined, string>;
	client_address: ColumnType<string, string | undefined, string>;
	method: "form" | "account" | "admin";
	request_id: number | null;
	created_at: string;
}

/** A guest's one-time link (1 hour) to export or erase the data kept for one address. */
export interface PersonalDataLinksTable {
	id: Generated<number>;
	email: string;
	token_hash: string;
	nonce: string;
	expires_at: string;
	used_at: string | null;
	created_at: string;
}

export interface AppMetaTable {
	key: string;
	value: string;
}

export interface Database {
	projects: ProjectsTable;
	project_images: ProjectImagesTable;
	hero_slides: HeroSlidesTable;
	artists: ArtistsTable;
	users: UsersTable;
	sessions: SessionsTable;
	settings: SettingsTable;
	app_meta: AppMetaTable;
	purchase_requests: PurchaseRequestsTable;
	favourites: FavouritesTable;
	outbox: OutboxTable;
	email_tokens: EmailTokensTable;
	audit_log: AuditLogTable;
	form_submissions: FormSubmissionsTable;
	rate_limits: RateLimitsTable;
	scheduled_jobs: ScheduledJobsTable;
	catalogue_counts: CatalogueCountsTable;
	search_documents: SearchDocumentsTable;
	search_artist_documents: SearchArtistDocumentsTable;
	search_terms: SearchTermsTable;
	search_synonyms: SearchSynonymsTable;
	search_misses: SearchMissesTable;
	consent_texts: ConsentTextsTable;
	consents: ConsentsTable;
	personal_data_links: PersonalDataLinksTable;
	request_messages: RequestMessagesTable;
	request_attachments: RequestAttachmentsTable;
	request_notes: RequestNotesTable;
	request_events: RequestEventsTable;
	request_links: RequestLinksTable;
	canned_replies: CannedRepliesTable;
	holds: HoldsTable;
	offers: OffersTable;
	inbound_mail: InboundMailTable;
}

export type Project = Selectable<ProjectsTable>;
export type NewProject = Insertable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
export type ProjectImage = Selectable<ProjectImagesTable>;
export type HeroSlide = Selectable<HeroSlidesTable>;
export type Artist = Selectable<ArtistsTable>;
export type User = Selectable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Settings = Selectable<SettingsTable>;
export type PurchaseRequest = Selectable<PurchaseRequestsTable>;
export type OutboxMessage = Selectable<OutboxTable>;
export type EmailToken = Selectable<EmailTokensTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type SearchSynonym = Selectable<SearchSynonymsTable>;
export type SearchMiss = Selectable<SearchMissesTable>;
export type RequestMessage = Selectable<RequestMessagesTable>;
export type RequestAttachment = Selectable<RequestAttachmentsTable>;
export type RequestNote = Selectable<RequestNotesTable>;
export type RequestEvent = Selectable<RequestEventsTable>;
export type RequestLink = Selectable<RequestLinksTable>;
export type CannedReply = Selectable<CannedRepliesTable>;
export type Hold = Selectable<HoldsTable>;
export type Offer = Selectable<OffersTable>;
export type InboundMail = Selectable<InboundMailTable>;
