import { expect, test } from "./fixtures";

test("the header music plays, pauses and mutes at volume 0.7", async ({ page, js }) => {
	test.skip(!js, "the player needs JavaScript, and is not shown without it");
	await page.goto("/");
	const header = page.getByRole("banner");
	await header.getByRole("button", { name: "Play music" }).click();
	await expect(header.getByRole("button", { name: "Pause music" })).toBeVisible();
	await expect(header.getByRole("img", { name: "Music is playing" })).toBeVisible();
	const state = await page.evaluate(() => {
		const audio = document.querySelector("audio");
		return { paused: audio?.paused, volume: audio?.volume, loop: audio?.loop, src: audio?.currentSrc };
	});
	expect(state).toMatchObject({ paused: false, volume: 0.7, loop: true });
	expect(state.src).toMatch(/\/audio\/forma-loop\.mp3$/);

	await header.getByRole("button", { name: "Mute music" }).click();
	await expect(header.getByRole("button", { name: "Unmute music" })).toBeVisible();
	await expect(header.getByRole("img", { name: "Music is playing" })).toHaveCount(0);

	await header.getByRole("button", { name: "Pause music" }).click();
	await expect(header.getByRole("button", { name: "Play music" })).toBeVisible();
	expect(await page.evaluate(() => document.querySelector("audio")?.paused)).toBe(true);
});

test("without JavaScript the page has no dead music controls", { tag: "@no-js" }, async ({ page, js }) => {
	test.skip(js, "only meaningful without JavaScript");
	await page.goto("/");
	await expect(page.getByRole("button", { name: "Play music" })).toHaveCount(0);
});
