/**
 * What the server and the download menu agree on about a download in progress: the refusals'
 * Spanish texts and the cookie that tells the page the file has started (or failed).
 */
export const DOWNLOAD_MESSAGES = {
  /** 503: the line of PDFs waiting for a builder is full. */
  busy: 'Hay muchas descargas en curso, intenta en un momento.',
  /** 429: this address already has its downloads under way. */
  perAddress: 'Ya tienes descargas en curso. Espera a que terminen e intenta nuevamente.',
  /** Any other failure of a download. */
  failed: 'No fue posible preparar tu documento. Por favor intenta nuevamente.',
  /** The lasting notice shown after the spec's 7-second dialog, until the file arrives or fails. */
  preparing: 'Tu documento se sigue preparando. La descarga empezará sola en cuanto esté listo.',
} as const;

/**
 * The page adds `?signal=<token>` to a download address; the answer (file or error) sets the cookie
 * `vigia-download-<token>` to its HTTP status, which the page reads to end its notice.
 */
export const DOWNLOAD_SIGNAL_COOKIE = 'vigia-download-';
export const DOWNLOAD_SIGNAL_PATTERN = /^[a-z0-9]{8,32}$/;
