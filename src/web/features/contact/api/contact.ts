import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  ContactBody,
  ContactInfoResponse,
  ContactSubmitResponse,
} from '../../../../shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

/** Where the captcha widget fetches its challenges (no monitor needed). */
export const CHALLENGE_URL = '/public-api/contact/challenge';

/** The current monitor's address, schedule, contact e-mail and whether the form can deliver. */
export const contactInfoQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['contact', organizationId],
    queryFn: ({ signal }) => apiRequest<ContactInfoResponse>('/public-api/contact/load-info', { signal }),
  });

export function useContactInfo(organizationId: string) {
  return useQuery({ ...contactInfoQuery(organizationId), select: (response) => response.data });
}

/** Sends one contact message (with its solved captcha) to the current monitor. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactBody) =>
      apiRequest<ContactSubmitResponse>('/public-api/contact/submit', { method: 'POST', body }),
  });
}
