/**
 * Small modules that belong in the one chunk every page loads (decision 0018). This module is a chunking
 * directive, imported by `translations.tsx`, which every entry of the browser build reaches.
 *
 * esbuild makes a chunk for each distinct set of entries that import a module, and every deferred part is
 * an entry of its own. So modules shared by the root, some routes and some deferred parts each became a
 * file of a few hundred bytes: 15 to 21 scripts on a first view. A page paid about 150 bytes of chunk
 * wrapping for each, and Lighthouse's simulated HTTP/1.1 (six connections) paid round trips before the
 * first paint. Imported from here they join the common chunk: every page loads them anyway.
 */
import "./deferred";
import "./format";
import "./root-data";
import "./seo";
import "./site";
import "./use-hydrated";
import "./use-prefers-reduced-motion";
