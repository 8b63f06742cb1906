/**
 * The floor (tests/bench/pages.ts): Remix's own defaults, with the module format and future flags FORMA
 * uses (taken from its config), so the two differ only by what FORMA does on top.
 */
import forma from "../../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
	serverModuleFormat: forma.serverModuleFormat,
	serverPlatform: forma.serverPlatform,
	future: forma.future,
};
