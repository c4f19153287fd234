import type { MessageResponse } from '../../../../shared/schemas/accounts';
import type { ErrorReportInput, ErrorReportResponse } from '../../../../shared/schemas/error-reports';
import { apiRequest } from '../../../lib/api-client';

/**
 * Plain calls, not queries or mutations: the query cache reports server failures, and a failing
 * report must never report itself.
 */

/** Sends an unexpected error to the server; answers the report's id (the same for repeats). */
export async function sendErrorReport(report: ErrorReportInput): Promise<string> {
  const response = await apiRequest<ErrorReportResponse>('/public-api/error-reports', {
    method: 'POST',
    body: report,
    keepalive: true,
  });
  return response.data._id;
}

/** Adds what the visitor wrote in the modal to a report; answers the server's confirmation. */
export async function sendErrorDescription(reportId: string, description: string): Promise<string> {
  const response = await apiRequest<MessageResponse>(
    `/public-api/error-reports/${encodeURIComponent(reportId)}/description`,
    { method: 'POST', body: { description } },
  );
  return response.message;
}
