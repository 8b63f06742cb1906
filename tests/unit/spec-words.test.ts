import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Language } from "~/lib/i18n";
import { ALL_NAMESPACES, type Namespace, serverResources } from "~/lib/locale-resources.server";
import { typeset } from "~/lib/typography.server";
import { plain } from "../support/plain";

/**
 * The spec's own words (product decisions, round 3: "the spec's words stay verbatim wherever it gives a
 * user-visible text"). One row per text the spec quotes on its screens (§2), in its confirmation (§4), its
 * validation rules (§5), its error catalogue and success toasts (§8), in the language it quotes it in, with
 * the locale key that carries it. Typography may differ (no-break spaces, «…», quotes), words may not.
 *
 * A text we show differently or not at all says what we show (`ours`) or that nothing does (`key: null`),
 * and the decision that made it so: every difference is a recorded choice, and editing any text listed here
 * in app/locales fails this test. docs/decisions/0019 explains the kinds of difference.
 */
type Decision =
	| "0006" // images are recompressed on the server, never refused for 2 MB
	| "0017" // registration answers every address alike
	| "0019" // one vocabulary: «5 МБ»; a label starts with a capital; a message names its file
	| "0020" // the gallery is saved with its project, in one transaction
	| "round 3: error page" // decisions, round 3: friendlier error-page titles
	| "round 3: hosted backend" // decisions, round 3: errors of the spec's hosted backend, which we have not
	| "accounts" // decisions, "Accounts": sessions live on the server, no client auth provider (0019)
	| "forms"; // style.md: every form message is a translated key, never a library's default (0019)

interface Kept {
	spec: string;
	language: Language;
	where: string;
	/** namespace:key; several when the same words sit on several screens. */
	key: string | string[];
	/** The spec's stand-ins for a value, as our placeholder names them ("X" → "{{size}}"). */
	slots?: Record<string, string>;
}
interface Changed extends Kept {
	ours: string;
	decision: Decision;
	why: string;
}
interface Dropped {
	spec: string;
	language: Language;
	where: string;
	key: null;
	decision: Decision;
	why: string;
}
type Row = Kept | Changed | Dropped;

const CAPITAL = "the spec quotes a label inside its prose in lower case; on screen it starts with a capital";
const NO_CAUSE =
	"a failure of our own server is the error page (the cause goes to the log, 0019 “No cause reaches a visitor”)";

const SPEC_WORDS: Row[] = [
	// §2 Screens and routes
	{ spec: "Artists, Designers & Studios", language: "en", where: "§2 /artists", key: "artists:index.title" },
	{ spec: "View Profile", language: "en", where: "§2 /artists", key: "artists:card.viewProfile" },
	{ spec: "Загрузка слайдера...", language: "ru", where: "§2 Hero slider", key: "home:slider.loading" },
	{ spec: "Страница не найдена", language: "ru", where: "§2 404 page", key: "common:notFound.title" },
	{ spec: "Page not found", language: "en", where: "§2 404 page", key: "common:notFound.title" },
	{ spec: "На главную", language: "ru", where: "§2 404 page", key: "common:notFound.toHome" },
	{ spec: "To Home", language: "en", where: "§2 404 page", key: "common:notFound.toHome" },
	{ spec: "Project Detail", language: "en", where: "§2 Project detail", key: "catalog:project.detailTitle" },
	{
		spec: "complete your purchase",
		language: "en",
		where: "§2 Project detail",
		key: "common:purchase.title",
		ours: "Complete your purchase",
		decision: "0019",
		why: CAPITAL,
	},
	{
		spec: "Изображение недоступно",
		language: "ru",
		where: "§2 Project detail, §8 Images",
		key: "common:card.imageUnavailable",
	},
	{
		spec: "Works by {artist}",
		language: "en",
		where: "§2 Artist page",
		key: "artists:profile.worksTitle",
	},
	{
		spec: "no orders yet",
		language: "en",
		where: "§2 Account page",
		key: "account:account.noOrders",
		ours: "No orders yet",
		decision: "0019",
		why: CAPITAL,
	},
	{
		spec: "no favourites yet",
		language: "en",
		where: "§2 Account page",
		key: "account:account.noFavourites",
		ours: "No favourites yet",
		decision: "0019",
		why: CAPITAL,
	},
	{
		spec: "No projects found in this category.",
		language: "en",
		where: "§2 Category grid",
		key: "catalog:category.empty",
	},
	{
		// The category grid comes rendered from the server, so it never waits; the admin's list does.
		spec: "Loading projects...",
		language: "en",
		where: "§2 Category grid",
		key: "admin:projects.loading",
	},
	{
		spec: "Error loading projects: {message}",
		language: "en",
		where: "§2 Category grid",
		key: "catalog:category.loadError",
	},
	{
		spec: "Нет изображения",
		language: "ru",
		where: "§2 Category grid, §8 Images",
		key: "common:card.noImage",
	},
	{
		spec: "Add Project",
		language: "en",
		where: "§2 Admin layout",
		key: ["admin:projects.add", "admin:projects.form.submitAdd"],
	},
	{ spec: "Add New Project", language: "en", where: "§2 Admin layout", key: "admin:projects.form.addTitle" },
	{ spec: "Edit Project", language: "en", where: "§2 Admin layout", key: "admin:projects.form.editTitle" },
	{ spec: "Save Changes", language: "en", where: "§2 Admin layout", key: "admin:projects.form.submitEdit" },
	{ spec: "Adding...", language: "en", where: "§2 Admin layout", key: "admin:projects.form.submittingAdd" },
	{ spec: "Saving...", language: "en", where: "§2 Admin layout", key: "admin:projects.form.submittingEdit" },
	{
		spec: "general",
		language: "en",
		where: "§2 Admin layout (settings tabs)",
		key: "admin:settings.general",
		ours: "General",
		decision: "0019",
		why: CAPITAL,
	},
	{
		spec: "notifications",
		language: "en",
		where: "§2 Admin layout (settings tabs)",
		key: "admin:settings.notifications",
		ours: "Notifications",
		decision: "0019",
		why: CAPITAL,
	},
	{
		spec: "Unexpected Application Error!",
		language: "en",
		where: "§2 Other, §8 Route failure",
		key: "common:error.title",
		ours: "Something went wrong",
		decision: "round 3: error page",
		why: "the spec's title is the framework's default; ours says what happened without showing internals",
	},

	// §4 States and transitions
	{
		spec: "Thank you for your order of {productName}. We will contact you soon.",
		language: "en",
		where: "§4 Order flow",
		key: "common:purchase.thanks",
	},
	{
		spec: "No changes to save",
		language: "en",
		where: "§4 Project form",
		key: "admin:projects.toast.noChanges",
	},

	// §5 Validation rules
	{
		spec: "Please enter a valid email address",
		language: "en",
		where: "§5 Purchase form",
		key: "common:validation.emailInvalid",
	},
	{
		spec: "Phone number must be at least 11 characters",
		language: "en",
		where: "§5 Purchase form",
		key: "common:validation.phoneMin",
	},
	{
		spec: "Имя пользователя обязательно",
		language: "ru",
		where: "§5 Login",
		key: "common:validation.usernameRequired",
	},
	{ spec: "Пароль обязателен", language: "ru", where: "§5 Login", key: "common:validation.passwordRequired" },
	{
		spec: "Пользователь с таким именем не существует",
		language: "ru",
		where: "§5 Login, §8 Login as admin name",
		key: "account:login.errors.reservedUsername",
	},
	{
		spec: "Введите корректный email",
		language: "ru",
		where: "§5 Registration",
		key: "common:validation.registrationEmailInvalid",
	},
	{
		spec: "Телефон должен быть в формате +7XXXXXXXXXX",
		language: "ru",
		where: "§5 Registration",
		key: "common:validation.phoneFormat",
	},
	{
		spec: "Недопустимое имя пользователя",
		language: "ru",
		where: "§5 Registration, §8 Registration failure",
		key: "common:validation.usernameNotAllowed",
	},
	{
		spec: "Name is required",
		language: "en",
		where: "§5 Project form",
		key: "admin:projects.errors.nameRequired",
	},
	{
		spec: "Designer is required",
		language: "en",
		where: "§5 Project form",
		key: "admin:projects.errors.artistRequired",
	},
	{
		spec: "Category is required",
		language: "en",
		where: "§5 Project form",
		key: "admin:projects.errors.categoryRequired",
	},
	{
		spec: "Image is too large: X MB. Maximum: 5MB",
		language: "en",
		where: "§5 Project image",
		key: "admin:images.tooLarge",
		slots: { X: "{{size}}" },
	},
	{
		spec: "Image is too large (maximum 2MB)",
		language: "en",
		where: "§5 Project image",
		key: null,
		decision: "0006",
		why: "the server scales and recompresses every picture to 2 MB; nothing is refused for being over 2 MB",
	},
	{
		spec: "Файл {name} слишком большой. Максимальный размер: 5MB",
		language: "ru",
		where: "§5 Gallery",
		key: "admin:images.fileTooLarge",
		ours: "Файл {{name}} слишком большой. Максимальный размер: 5 МБ",
		decision: "0019",
		why: "numbers are typeset, with the Russian unit: «5 МБ»",
	},
	{
		spec: "Файл {name} не является изображением",
		language: "ru",
		where: "§5 Gallery",
		key: "admin:images.notImage",
	},
	{
		spec: "Заполните все обязательные поля",
		language: "ru",
		where: "§5 Slide",
		key: "admin:slider.errors.required",
	},
	{
		spec: "Выберите изображение для слайда",
		language: "ru",
		where: "§5 Slide",
		key: "admin:slider.errors.imageRequired",
	},
	{
		spec: "Вы уверены, что хотите удалить этот слайд?",
		language: "ru",
		where: "§5 Slide",
		key: "admin:slider.confirmText",
	},
	{
		spec: "Unnamed Project",
		language: "en",
		where: "§5 Product update defaults",
		key: null,
		decision: "round 3: hosted backend",
		why: "the spec's update function filled in what its form let through; our action refuses a missing name with the spec's 'Name is required'",
	},
	{
		spec: "Unknown Designer",
		language: "en",
		where: "§5 Product update defaults",
		key: null,
		decision: "round 3: hosted backend",
		why: "as 'Unnamed Project': a missing designer is refused with 'Designer is required'",
	},
	{
		spec: "uncategorized",
		language: "en",
		where: "§5 Product update defaults",
		key: "common:categories.uncategorized",
		ours: "Uncategorized",
		decision: "0019",
		why: CAPITAL,
	},

	// §8 Error catalogue
	{
		spec: "Ошибка",
		language: "ru",
		where: "§8 Toast titles",
		key: [
			"admin:projects.toast.errorTitle",
			"admin:projects.form.errorTitle",
			"admin:slider.errorTitle",
			"admin:artists.errorTitle",
			"admin:users.errorTitle",
			"admin:settings.errorTitle",
		],
	},
	{
		spec: "Error",
		language: "en",
		where: "§8 Toast titles, Admin list load failure",
		key: ["admin:projects.form.errorTitle", "admin:projects.toast.errorTitle"],
	},
	{ spec: "Ошибка входа", language: "ru", where: "§8 Wrong login", key: "account:login.failedTitle" },
	{
		spec: "Неверное имя пользователя или пароль",
		language: "ru",
		where: "§8 Wrong login",
		key: "account:login.errors.invalidCredentials",
	},
	{
		spec: "Ошибка регистрации",
		language: "ru",
		where: "§8 Registration failure",
		key: "account:register.failedTitle",
	},
	{
		spec: "Не удалось создать аккаунт",
		language: "ru",
		where: "§8 Registration failure",
		key: null,
		decision: "0017",
		why: "a new and a taken address get the same “check your e-mail” answer, so a registration that passes the form's checks does not fail",
	},
	{
		spec: "Project not found",
		language: "en",
		where: "§8 Project not found (admin edit)",
		key: "admin:projects.toast.notFound",
	},
	{
		spec: "Failed to load project",
		language: "en",
		where: "§8 Project load",
		key: null,
		decision: "round 3: hosted backend",
		why: NO_CAUSE,
	},
	{
		spec: "Project with ID {id} not found",
		language: "en",
		where: "§8 Product update",
		key: "admin:projects.errors.notFound",
	},
	{
		spec: "Image upload failed: {reason}",
		language: "en",
		where: "§8 Product update",
		key: "admin:projects.errors.imageUploadFailed",
	},
	{
		spec: "Upload failed: {reason}",
		language: "en",
		where: "§8 Product update",
		key: null,
		decision: "round 3: hosted backend",
		why: "the storage client's own error; our upload's failures are 'Image upload failed: {reason}'",
	},
	{
		spec: "Database update failed: {reason}",
		language: "en",
		where: "§8 Product update",
		key: null,
		decision: "round 3: hosted backend",
		why: NO_CAUSE,
	},
	{
		spec: "No data received after project update",
		language: "en",
		where: "§8 Product update",
		key: null,
		decision: "round 3: hosted backend",
		why: "the hosted database's empty answer; ours writes and reads back in one transaction",
	},
	{
		spec: "Failed to update project: {reason}",
		language: "en",
		where: "§8 Product update, Refresh",
		key: "admin:projects.toast.refreshFailed",
	},
	{
		spec: "Failed to load projects: {reason}",
		language: "en",
		where: "§8 Admin list load failure",
		key: null,
		decision: "round 3: hosted backend",
		why: NO_CAUSE,
	},
	{
		spec: "Failed to load projects",
		language: "en",
		where: "§8 Admin list load failure",
		key: null,
		decision: "round 3: hosted backend",
		why: NO_CAUSE,
	},
	{
		spec: "No projects available. Add projects using the 'Add Project' button",
		language: "en",
		where: "§8 Admin list load failure (empty)",
		key: "admin:projects.empty",
	},
	{
		spec: "Failed to delete project",
		language: "en",
		where: "§8 Project delete",
		key: "admin:projects.toast.deleteFailed",
	},
	{
		spec: "Project deleted",
		language: "en",
		where: "§8 Project delete",
		key: "admin:projects.toast.deletedTitle",
	},
	{
		spec: "{name} was successfully deleted",
		language: "en",
		where: "§8 Project delete",
		key: "admin:projects.toast.deleted",
	},
	{ spec: "Refreshing project", language: "en", where: "§8 Refresh", key: "admin:projects.toast.refreshing" },
	{
		spec: "Project updated",
		language: "en",
		where: "§8 Refresh, success toasts",
		key: ["admin:projects.toast.refreshed", "admin:projects.toast.updatedTitle"],
	},
	{
		spec: "Не удалось обработать файл {name}",
		language: "ru",
		where: "§8 File processing",
		key: "admin:images.processFailed",
	},
	{
		spec: "Failed to process SVG file",
		language: "en",
		where: "§8 File processing",
		key: "admin:images.svgFailed",
		ours: "Failed to process SVG file {{name}}",
		decision: "0019",
		why: "one form uploads several files at once, so the message names the file, as the spec's Russian ones do",
	},
	{
		spec: "Failed to process image",
		language: "en",
		where: "§8 File processing",
		key: "admin:images.processFailed",
		ours: "Failed to process image {{name}}",
		decision: "0019",
		why: "one form uploads several files at once, so the message names the file, as the spec's Russian ones do",
	},
	{
		spec: "Не удалось удалить изображение",
		language: "ru",
		where: "§8 File processing",
		key: null,
		decision: "0020",
		why: "a picture is removed by saving the project, in its transaction: the removal cannot fail on its own",
	},
	...(
		[
			"Не удалось загрузить слайды: {message}",
			"Произошла неожиданная ошибка при загрузке слайдов",
			"Ошибка загрузки в storage: {message}",
			"Ошибка обновления: {message}",
			"Ошибка создания: {message}",
			"Не удалось удалить слайд: {message}",
			"Не удалось обновить статус слайда: {message}",
		] as const
	).map(
		(spec): Dropped => ({
			spec,
			language: "ru",
			where: "§8 Slides admin",
			key: null,
			decision: "round 3: hosted backend",
			why: NO_CAUSE,
		}),
	),
	{
		spec: "Failed to add project: {message}",
		language: "en",
		where: "§8 Project save",
		key: "admin:projects.errors.addFailed",
	},
	{
		spec: "Failed to update project: {message}",
		language: "en",
		where: "§8 Project save",
		key: "admin:projects.errors.updateFailed",
	},
	...(
		[
			"Project updated but gallery images failed to save: {message}",
			"Project created but gallery images failed to save: {message}",
		] as const
	).map(
		(spec): Dropped => ({
			spec,
			language: "en",
			where: "§8 Project save",
			key: null,
			decision: "0020",
			why: "the gallery is saved in the project's own transaction: both are saved or neither",
		}),
	),
	{ spec: "No img", language: "en", where: "§8 Images", key: "admin:projects.noImage" },
	{
		spec: "useAuth должен использоваться внутри AuthProvider",
		language: "ru",
		where: "§8 Auth hook outside provider",
		key: null,
		decision: "accounts",
		why: "a programming error of the spec's client-side session; our sessions live on the server",
	},
	...(
		[
			"Failed to send a request to the Edge Function",
			"Relay Error invoking the Edge Function",
			"Edge Function returned a non-2xx status code",
		] as const
	).map(
		(spec): Dropped => ({
			spec,
			language: "en",
			where: "§8 Backend library",
			key: null,
			decision: "round 3: hosted backend",
			why: "the hosted backend's client library; we have no edge functions",
		}),
	),

	// §8 Success toasts
	{ spec: "Успешный вход", language: "ru", where: "§8 Success toasts", key: "common:toast.loginTitle" },
	{
		spec: "Успешная регистрация",
		language: "ru",
		where: "§8 Success toasts",
		key: null,
		decision: "0017",
		why: "registration signs nobody in and answers every address alike: “check your e-mail”",
	},
	{ spec: "Выход выполнен", language: "ru", where: "§8 Success toasts", key: "common:toast.logoutTitle" },
	{ spec: "Вы вышли из системы", language: "ru", where: "§8 Success toasts", key: "common:toast.logoutText" },
	{
		spec: "Добавлено {n} изображений",
		language: "ru",
		where: "§8 Success toasts",
		key: "admin:projects.toast.imagesAdded_many",
	},
	{
		spec: "Изображение удалено",
		language: "ru",
		where: "§8 Success toasts",
		key: "admin:projects.toast.imageRemoved",
	},
	{ spec: "Слайд создан", language: "ru", where: "§8 Success toasts", key: "admin:slider.toast.created" },
	{ spec: "Слайд обновлен", language: "ru", where: "§8 Success toasts", key: "admin:slider.toast.updated" },
	{ spec: "Слайд удален", language: "ru", where: "§8 Success toasts", key: "admin:slider.toast.deleted" },
	{
		spec: "Project added",
		language: "en",
		where: "§8 Success toasts",
		key: "admin:projects.toast.addedTitle",
	},
	{
		spec: "{name} has been successfully added",
		language: "en",
		where: "§8 Success toasts",
		key: "admin:projects.toast.added",
	},
	{
		spec: "{name} has been successfully updated",
		language: "en",
		where: "§8 Success toasts",
		key: "admin:projects.toast.updated",
	},
	{
		spec: "Saving project...",
		language: "en",
		where: "§8 Success toasts",
		key: "admin:projects.form.savingProject",
	},
	{ spec: "Настройки сохранены", language: "ru", where: "§8 Success toasts", key: "admin:settings.saved" },
	{
		spec: "Required",
		language: "en",
		where: "§8 Schema defaults",
		key: "common:validation.required",
		ours: "This field is required",
		decision: "forms",
		why: "no form shows a validation library's default: every rule names a translated message",
	},
	{
		spec: "Invalid email",
		language: "en",
		where: "§8 Schema defaults",
		key: "common:validation.emailInvalid",
		ours: "Please enter a valid email address",
		decision: "forms",
		why: "no form shows a validation library's default: e-mail fields say the spec's own 'Please enter a valid email address'",
	},
];

/** A locale's text by "namespace:dotted.key", as pages get it (typeset when the locales load). */
function localeText(language: Language, key: string): string | undefined {
	const [namespace, dotted] = key.split(":") as [Namespace, string];
	let node: unknown = serverResources[language][namespace];
	for (const part of dotted.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
	return typeof node === "string" ? node : undefined;
}

/**
 * The words a reader sees, whatever the typesetting: no-break spaces as spaces, any quotation mark as one
 * (the spec writes 'Add Project' with typewriter quotes), and a placeholder whatever it is called
 * ("{name}", "{{count}}" → "{}").
 */
const comparable = (text: string) =>
	plain(text)
		.replace(/['‘’"“”«»„]/g, "'")
		.replace(/\{\{[^{}]+\}\}|\{[^{}]+\}/g, "{}");

function expected(row: Kept | Changed): string {
	if ("ours" in row) return row.ours;
	let text = row.spec;
	for (const [stand, slot] of Object.entries(row.slots ?? {})) text = text.replace(stand, slot);
	return text;
}

const keys = (row: Row) => (row.key === null ? [] : Array.isArray(row.key) ? row.key : [row.key]);
const title = (row: Row) => `${row.where}: '${row.spec}' (${row.language})`;

describe("the spec's words", () => {
	const kept = SPEC_WORDS.filter((row): row is Kept => row.key !== null && !("ours" in row));
	const changed = SPEC_WORDS.filter((row): row is Changed => "ours" in row);
	const dropped = SPEC_WORDS.filter((row): row is Dropped => row.key === null);

	it.each(kept.map((row) => [title(row), row] as const))("%s stays, typeset", (_, row) => {
		for (const key of keys(row)) {
			const text = localeText(row.language, key);
			expect(text, key).toBeDefined();
			expect(comparable(text ?? ""), key).toBe(comparable(typeset(expected(row), row.language)));
		}
	});

	it.each(changed.map((row) => [title(row), row] as const))("%s differs as decided", (_, row) => {
		for (const key of keys(row)) {
			const text = localeText(row.language, key);
			expect(text, key).toBeDefined();
			expect(comparable(text ?? ""), key).toBe(comparable(typeset(row.ours, row.language)));
		}
		// A recorded difference that is none would hide the next real one.
		expect(comparable(typeset(row.ours, row.language))).not.toBe(comparable(typeset(row.spec, row.language)));
	});

	it("texts we do not show are in no locale", () => {
		const strings = (tree: unknown): string[] =>
			typeof tree === "string"
				? [tree]
				: tree && typeof tree === "object"
					? Object.values(tree).flatMap(strings)
					: [];
		const everything = (["en", "ru"] as const).flatMap((language) =>
			ALL_NAMESPACES.flatMap((namespace) => strings(serverResources[language][namespace]).map(comparable)),
		);
		const found = dropped.filter((row) => {
			const words = comparable(typeset(row.spec, row.language));
			return everything.some((text) => text.includes(words));
		});
		expect(found.map(title)).toEqual([]);
	});

	it("every difference names a decision that exists", () => {
		const folder = path.join(import.meta.dirname, "../../docs/decisions");
		const files = fs.readdirSync(folder);
		for (const row of [...changed, ...dropped]) {
			if (/^\d{4}$/.test(row.decision)) {
				expect(
					files.some((file) => file.startsWith(`${row.decision}-`)),
					title(row),
				).toBe(true);
			}
			expect(row.why.length, title(row)).toBeGreaterThan(20);
		}
	});

	it("every key is one the code names: the spec's text is shown, not just kept", () => {
		const folder = path.join(import.meta.dirname, "../../app");
		const sources = fs
			.readdirSync(folder, { recursive: true, encoding: "utf8" })
			.filter((file) => /\.tsx?$/.test(file))
			.map((file) => fs.readFileSync(path.join(folder, file), "utf8"))
			.join("\n");
		// Named whole ("login.failedTitle", "admin:projects.toast.notFound"), by a code that is its last part
		// (fail("notImage"), the tab "general"), or by its parent and a variable (`categories.${category}`).
		const named = (key: string) => {
			const dotted = (key.split(":")[1] ?? "").replace(/_(zero|one|two|few|many|other)$/, "");
			const parent = dotted.slice(0, dotted.lastIndexOf("."));
			const last = dotted.slice(dotted.lastIndexOf(".") + 1);
			return [`"${dotted}"`, `:${dotted}"`, `"${last}"`, `${parent}.\${`].some((name) =>
				sources.includes(name),
			);
		};
		expect(SPEC_WORDS.flatMap(keys).filter((key) => !named(key))).toEqual([]);
	});
});
