import { http, HttpResponse } from "msw";

/**
 * An in-memory S3 bucket answering the REST calls the storage provider makes, with the documented shapes
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/): PutObject, CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload, HeadObject, GetObject (with Range) and DeleteObject, path-style URLs.
 */
export function s3Handlers(endpoint: string, bucket: string) {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const base = `${endpoint}/${bucket}/*`;
  const keyOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.slice(`/${bucket}/`.length));
  const xml = (body: string, init: ResponseInit = {}) => new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?>${body}`, { ...init, headers: { "Content-Type": "application/xml", ...init.headers } });
  const notFound = () => xml("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>", { status: 404 });

  const handlers = [
    http.post(base, async ({ request }) => {
      const url = new URL(request.url);
      const key = keyOf(request);
      if (url.searchParams.has("uploads")) {
        const uploadId = `upload-${uploads.size + 1}`;
        uploads.set(uploadId, new Map());
        return xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
      }
      const parts = uploads.get(url.searchParams.get("uploadId") ?? "");
      if (!parts) return xml("<Error><Code>NoSuchUpload</Code></Error>", { status: 404 });
      const order = [...(await request.text()).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
      objects.set(key, Buffer.concat(order.map((number) => parts.get(number)!)));
      uploads.delete(url.searchParams.get("uploadId")!);
      return xml(`<CompleteMultipartUploadResult><Location>${request.url}</Location><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
    }),
    http.put(base, async ({ request }) => {
      const url = new URL(request.url);
      const body = Buffer.from(await request.arrayBuffer());
      const uploadId = url.searchParams.get("uploadId");
      if (uploadId) {
        uploads.get(uploadId)?.set(Number(url.searchParams.get("partNumber")), body);
      } else {
        objects.set(keyOf(request), body);
      }
      return new HttpResponse(null, { status: 200, headers: { ETag: `"${body.length}"` } });
    }),
    http.head(base, ({ request }) => {
      const object = objects.get(keyOf(request));
      return object ? new HttpResponse(null, { headers: { "Content-Length": String(object.length), ETag: '"x"' } }) : new HttpResponse(null, { status: 404 });
    }),
    http.get(base, ({ request }) => {
      const object = objects.get(keyOf(request));
      if (!object) return notFound();
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.get("Range") ?? "");
      if (!range) return new HttpResponse(object, { headers: { "Content-Length": String(object.length) } });
      const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.length - 1)];
      return new HttpResponse(object.subarray(start, end + 1), {
        status: 206,
        headers: { "Content-Range": `bytes ${start}-${end}/${object.length}`, "Content-Length": String(end - start + 1) },
      });
    }),
    http.delete(base, ({ request }) => {
      objects.delete(keyOf(request));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, objects, uploads };
}
