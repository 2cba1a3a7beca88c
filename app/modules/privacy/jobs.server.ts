// The data-rights domain's jobs: building exports, deleting files of deleted data, and the daily retention pass.
import { dataExportJob } from "./data-export.server";
import { purgeFilesJob } from "./deletion.server";
import { retentionJob } from "./retention.server";

export const privacyJobs = [dataExportJob, purgeFilesJob, retentionJob];
