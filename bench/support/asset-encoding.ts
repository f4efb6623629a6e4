import { request } from 'node:http';

export interface AssetEncoding {
  url: string;
  status: number;
  contentEncoding: string | null;
  vary: string | null;
  cacheControl: string | null;
}

/** A GET through node:http: the headers exactly as the server sent them, nothing decoded. */
function head(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>(
    (done, fail) => {
      const req = request(url, { headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', fail);
      req.setTimeout(10_000, () => req.destroy(new Error(`${url}: no answer within 10 s`)));
      req.end();
    },
  );
}

const header = (value: string | string[] | undefined) =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;

/**
 * How the server sends the entry script index.html loads (a hashed file under /assets/) to a
 * browser that accepts brotli and gzip.
 */
export async function probeAssetEncoding(origin: string): Promise<AssetEncoding> {
  const html = await (await fetch(`${origin}/`)).text();
  // A script tag's, or the entry the shell's script loads once it painted.
  const found = /<script[^>]+src="(\/assets\/[^"]+\.js)"|"entry":"(\/assets\/[^"]+\.js)"/.exec(
    html,
  );
  const script = found?.[1] ?? found?.[2];
  if (!script) throw new Error(`${origin}/ loads no script from /assets/`);
  const url = `${origin}${script}`;
  const res = await head(url, { 'Accept-Encoding': 'br, gzip, deflate' });
  return {
    url: script,
    status: res.status,
    contentEncoding: header(res.headers['content-encoding']),
    vary: header(res.headers.vary),
    cacheControl: header(res.headers['cache-control']),
  };
}
