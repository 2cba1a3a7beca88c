// upload-disk.test.ts's checks for a store that does not encrypt (STORAGE_ENCRYPTION=false; S3 takes files the same
// way): the upload goes to a plain temporary file. Set before the build first reads its settings.
process.env.STORAGE_ENCRYPTION = "false";
await import("./upload-disk.test");
export {};
