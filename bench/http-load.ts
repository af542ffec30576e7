import autocannon from 'autocannon';

export interface TLoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** A bounded load on a loopback URL: fixed duration and connections, then it stops. */
export async function measure(url: string, options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<TLoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 5,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
