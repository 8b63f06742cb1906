import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { imageStoreFromEnv } from "~/lib/image-store.server";

/** The S3 variables (docs/decisions/0025): a whole configuration selects the bucket, a partial one stops the start. */
describe("image storage settings", () => {
	const s3 = {
		S3_BUCKET: "forma-images",
		S3_REGION: "eu-central-1",
		S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com",
		S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
		S3_SECRET_ACCESS_KEY: "secret",
	};

	it("without S3_BUCKET the images stay in UPLOADS_DIR", () => {
		const env = parseEnv({ UPLOADS_DIR: "/data/uploads" });
		expect(env.S3_BUCKET).toBeUndefined();
		expect(env.S3_FORCE_PATH_STYLE).toBe(false);
		expect(imageStoreFromEnv(env)).toMatchObject({ kind: "disk", location: "/data/uploads" });
	});

	it("S3_BUCKET with its region selects the bucket; the key pair is optional (the SDK's own chain)", () => {
		const env = parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "true" });
		expect(env.S3_FORCE_PATH_STYLE).toBe(true);
		expect(imageStoreFromEnv(env)).toMatchObject({ kind: "s3", location: "s3://forma-images" });
		const { S3_ACCESS_KEY_ID: _id, S3_SECRET_ACCESS_KEY: _secret, ...withoutKeys } = s3;
		expect(parseEnv(withoutKeys).S3_ACCESS_KEY_ID).toBeUndefined();
		expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "0" }).S3_FORCE_PATH_STYLE).toBe(false);
	});

	it("a partial configuration is refused, naming the variable that is missing", () => {
		const { S3_BUCKET: _bucket, ...withoutBucket } = s3;
		expect(() => parseEnv(withoutBucket)).toThrow(/S3_BUCKET: is required when S3_ENDPOINT is set/);
		expect(() => parseEnv({ S3_REGION: "auto" })).toThrow(/S3_BUCKET: is required when S3_REGION is set/);
		expect(() => parseEnv({ ...s3, S3_REGION: "" })).toThrow(/S3_REGION: is required with S3_BUCKET/);
		expect(() => parseEnv({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
			/S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/,
		);
		expect(() => parseEnv({ ...s3, S3_ACCESS_KEY_ID: undefined })).toThrow(
			/S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY/,
		);
	});

	it("bad values are refused with the variable's name", () => {
		for (const bucket of ["Forma_Images", "ab", "-forma", "forma-"]) {
			expect(() => parseEnv({ ...s3, S3_BUCKET: bucket }), bucket).toThrow(
				/S3_BUCKET: must be a bucket name/,
			);
		}
		expect(() => parseEnv({ ...s3, S3_ENDPOINT: "s3.example.com" })).toThrow(
			/S3_ENDPOINT: must be an http\(s\) URL/,
		);
		expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(
			/S3_FORCE_PATH_STYLE: must be true or false/,
		);
	});
});
