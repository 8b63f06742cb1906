import type { Migration } from "kysely";
import * as m0001 from "./0001-initial";
import * as m0002 from "./0002-requests-and-favourites";
import * as m0005 from "./0005-content-version";
import * as m0006 from "./0006-projects";
import * as m0007 from "./0007-catalogue";
import * as m0008 from "./0008-mail";
import * as m0009 from "./0009-audit-log";
import * as m0010 from "./0010-form-submissions";
import * as m0011 from "./0011-edit-versions";
import * as m0012 from "./0012-shared-state";
import * as m0013 from "./0013-mailbox-keys";
import * as m0014 from "./0014-link-secrets";
import * as m0015 from "./0015-confirm-before-sign-in";
import * as m0016 from "./0016-catalogue-indexes";
import * as m0017 from "./0017-search";
import * as m0018 from "./0018-personal-data";
import * as m0019 from "./0019-phones-and-waiting";
import * as m0024 from "./0024-shop-filters";
import * as m0025 from "./0025-sales";

/**
 * Every migration, by name, in order. Append new ones here (never edit or reorder applied ones);
 * tests/unit/migrations.test.ts fails when a file in this folder is missing from the list.
 */
export const migrations: Record<string, Migration> = {
	"0001-initial": m0001,
	"0002-requests-and-favourites": m0002,
	"0005-content-version": m0005,
	"0006-projects": m0006,
	"0007-catalogue": m0007,
	"0008-mail": m0008,
	"0009-audit-log": m0009,
	"0010-form-submissions": m0010,
	"0011-edit-versions": m0011,
	"0012-shared-state": m0012,
	"0013-mailbox-keys": m0013,
	"0014-link-secrets": m0014,
	"0015-confirm-before-sign-in": m0015,
	"0016-catalogue-indexes": m0016,
	"0017-search": m0017,
	"0018-personal-data": m0018,
	"0019-phones-and-waiting": m0019,
	"0024-shop-filters": m0024,
	"0025-sales": m0025,
};
