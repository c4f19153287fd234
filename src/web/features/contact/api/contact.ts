import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  ContactBody,
  ContactInfoResponse,
  ContactSubmitResponse,
} from '../../../../shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

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
