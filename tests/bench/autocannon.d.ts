// autocannon ships no types; this declares the small part the benchmark uses.
declare module "autocannon" {
	interface Histogram {
		average: number;
		mean: number;
		stddev: number;
		min: number;
		max: number;
		p50: number;
		p90: number;
		p99: number;
		/** Only on `requests`: how many were made. */
		total: number;
	}

	export interface Options {
		url: string;
		connections?: number;
		duration?: number;
		headers?: Record<string, string>;
	}

	export interface Result {
		requests: Histogram;
		latency: Histogram;
		throughput: Histogram;
		errors: number;
		timeouts: number;
		non2xx: number;
		"2xx": number;
	}

	function autocannon(options: Options): Promise<Result>;
	export default autocannon;
}
