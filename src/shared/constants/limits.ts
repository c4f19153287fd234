/** Limits shared by forms and the server, so both reject the same input. */
export const LIMITS = {
  organizationName: { max: 100 },
  organizationShortName: { min: 2, max: 12 },
  supplierName: { min: 2, max: 100 },
  /** The spec's password rule (admin area, section 5): 3 to 100 characters. */
  passwordMin: 3,
  passwordMax: 100,
  /** Reset links live 60 minutes; invitation links three days (a new colleague may not read mail at once). */
  resetLinkMinutes: 60,
  invitationLinkHours: 72,
  /** Rows per page an administrator may choose in a catalogue (the first is the default). */
  cataloguePageSizes: [10, 25, 50, 100],
  /** Profile pictures and other small images. */
  imageBytes: 2 * 1024 * 1024,
  /** The public cover: a 1280 × 500 photograph may be larger than a picture (decision 0016). */
  coverBytes: 5 * 1024 * 1024,
  /** Unread notifications listed at most. */
  notificationsMax: 50,
  /** Longest path accepted by the visit register. */
  visitPath: 300,
  /** Default and maximum page sizes of public lists. */
  pageSize: 10,
  maxPageSize: 100,
  /** Organizations are few; the public list is still bounded. */
  organizationsPageSize: 100,
  organizationsMaxPageSize: 500,
  searchText: 200,
  /** Session lifetime in seconds (one day). */
  sessionSeconds: 86_400,
  toastMs: 5_000,
  /** A spreadsheet load (data-load-rules.md, 'Accepted files'): its size, rows and unzipped size. */
  dataLoadBytes: 25 * 1024 * 1024,
  dataLoadRows: 200_000,
  /** Files one upload may hold (format-28 workbooks of several quarters or areas); dataLoadBytes is for them all. */
  dataLoadFiles: 20,
  dataLoadUncompressedBytes: 400 * 1024 * 1024,
  /** Rows per page of the load's review. */
  dataLoadPageSize: 10,
  downloadWaitMs: 7_000,
} as const;

/** Formats of the period fields (spec: admin area, section 5), and what no name may start with. */
export const PATTERNS = {
  administrationPeriod: /^[12][0-9]{3}-[12][0-9]{3}$/,
  fiscalYear: /^[12][0-9]{3}$/,
  quarter: /^[1-4]o 2[0-9]{3}$/,
  /** What a spreadsheet or CSV reader runs as a formula when a cell starts with it (decision 0042). */
  formulaStart: /^[=+\-@]/,
} as const;
