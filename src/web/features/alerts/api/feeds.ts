/**
 * The Atom feeds of a monitor (decision 0053): plain links, the monitor in the path (a feed reader
 * sends no header). Apart from the alerts' calls so a page's first load brings no schema.
 */
export const feedUrls = {
  monitor: (organizationId: string) => `/feeds/${organizationId}.atom`,
  supplier: (organizationId: string, id: string) => `/feeds/${organizationId}/suppliers/${id}.atom`,
  unit: (organizationId: string, id: string) => `/feeds/${organizationId}/units/${id}.atom`,
  flag: (organizationId: string, code: string) => `/feeds/${organizationId}/flags/${code}.atom`,
};
