import { http, HttpResponse } from "msw";

/**
 * An in-memory S3 bucket answering the REST calls the storage provider makes, with the documented shapes
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/): PutObject, CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload, HeadObject, GetObject (with Range), DeleteObject and ListObjectsV2 (pages of `pageSize`),
 * path-style URLs. `modified` holds each object's LastModified (now, unless a test sets it).
 */
export function s3Handlers(endpoint: string, bucket: string, pageSize = 1000) {
  const objects = new Map<string, Buffer>();
  const modified = new Map<string, Date>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const base = `${endpoint}/${bucket}/*`;
  const keyOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.slice(`/${bucket}/`.length));
  const xml = (body: string, init: ResponseInit = {}) =>
    new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?>${body}`, {
      ...init,
      headers: { "Content-Type": "application/xml", ...init.headers },
    });
  const notFound = () =>
    xml("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>", { status: 404 });

  const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const listObjects = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const prefix = url.searchParams.get("prefix") ?? "";
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    // The token is the last key of the previous page, so deleting listed objects between pages skips nothing.
    const after = url.searchParams.get("continuation-token");
    const from = after === null ? 0 : keys.filter((key) => key <= after).length;
    const page = keys.slice(from, from + pageSize);
    const truncated = from + pageSize < keys.length;
    const contents = page
      .map((key) => {
        const lastModified = (modified.get(key) ?? new Date()).toISOString();
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${lastModified}</LastModified><Size>${objects.get(key)!.length}</Size></Contents>`;
      })
      .join("");
    return xml(
      `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
    );
  };

  const handlers = [
    http.get(`${endpoint}/${bucket}`, listObjects),
    http.get(`${endpoint}/${bucket}/`, listObjects),
    http.post(base, async ({ request }) => {
      const url = new URL(request.url);
      const key = keyOf(request);
      if (url.searchParams.has("uploads")) {
        const uploadId = `upload-${uploads.size + 1}`;
        uploads.set(uploadId, new Map());
        return xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      const parts = uploads.get(url.searchParams.get("uploadId") ?? "");
      if (!parts) return xml("<Error><Code>NoSuchUpload</Code></Error>", { status: 404 });
      const order = [...(await request.text()).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) =>
        Number(match[1]),
      );
      objects.set(key, Buffer.concat(order.map((number) => parts.get(number)!)));
      modified.set(key, new Date());
      uploads.delete(url.searchParams.get("uploadId")!);
      return xml(
        `<CompleteMultipartUploadResult><Location>${request.url}</Location><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
      );
    }),
    http.put(base, async ({ request }) => {
      const url = new URL(request.url);
      const body = Buffer.from(await request.arrayBuffer());
      const uploadId = url.searchParams.get("uploadId");
      if (uploadId) {
        uploads.get(uploadId)?.set(Number(url.searchParams.get("partNumber")), body);
      } else {
        objects.set(keyOf(request), body);
        modified.set(keyOf(request), new Date());
      }
      return new HttpResponse(null, { status: 200, headers: { ETag: `"${body.length}"` } });
    }),
    http.head(base, ({ request }) => {
      const object = objects.get(keyOf(request));
      return object
        ? new HttpResponse(null, { headers: { "Content-Length": String(object.length), ETag: '"x"' } })
        : new HttpResponse(null, { status: 404 });
    }),
    http.get(base, ({ request }) => {
      const object = objects.get(keyOf(request));
      if (!object) return notFound();
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.get("Range") ?? "");
      if (!range) return new HttpResponse(object, { headers: { "Content-Length": String(object.length) } });
      const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.length - 1)];
      return new HttpResponse(object.subarray(start, end + 1), {
        status: 206,
        headers: {
          "Content-Range": `bytes ${start}-${end}/${object.length}`,
          "Content-Length": String(end - start + 1),
        },
      });
    }),
    http.delete(base, ({ request }) => {
      objects.delete(keyOf(request));
      modified.delete(keyOf(request));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, objects, uploads, modified };
}
