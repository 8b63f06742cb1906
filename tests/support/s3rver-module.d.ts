/** The part of s3rver (a local S3 server, a dev dependency without types) the tests use. */
declare module "s3rver" {
	import type { AddressInfo } from "node:net";

	interface S3rverOptions {
		address?: string;
		port?: number;
		directory: string;
		silent?: boolean;
		configureBuckets?: { name: string }[];
	}

	export default class S3rver {
		constructor(options: S3rverOptions);
		run(): Promise<AddressInfo>;
		close(): Promise<void>;
	}
}
