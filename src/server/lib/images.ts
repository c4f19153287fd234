import { LIMITS } from '../../shared/constants/limits';
import { USER_MESSAGES } from '../../shared/schemas/users';
import { AppError } from './errors';

export interface CheckedImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/svg+xml';
  extension: 'png' | 'jpg' | 'gif' | 'svg';
}

/** The size limit and the messages of one kind of image (profile pictures by default). */
export interface ImageRules {
  maxBytes: number;
  messages: { type: string; size: string; unsafe: string };
}

const PICTURE_RULES: ImageRules = {
  maxBytes: LIMITS.imageBytes,
  messages: {
    type: USER_MESSAGES.pictureType,
    size: USER_MESSAGES.pictureSize,
    unsafe: USER_MESSAGES.pictureUnsafe,
  },
};

/**
 * What an uploaded image really is, read from its bytes (never its name or declared type):
 * PNG, JPEG, GIF or SVG. An SVG that could run script or load anything (script, event handlers,
 * foreignObject, external references, javascript: URLs) is refused; the ones kept are still
 * served with a sandboxing Content-Security-Policy (decision 0012).
 */
export function checkImage(data: Buffer, rules: ImageRules = PICTURE_RULES): CheckedImage {
  const { messages } = rules;
  if (data.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.type);
  if (data.length > rules.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', messages.size);
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mimeType: 'image/png', extension: 'png' };
  }
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { mimeType: 'image/jpeg', extension: 'jpg' };
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return { mimeType: 'image/gif', extension: 'gif' };
  const text = data.toString('utf8');
  if (isSvg(text)) {
    if (!isInertSvg(text)) throw new AppError('UNPROCESSABLE', messages.unsafe);
    return { mimeType: 'image/svg+xml', extension: 'svg' };
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.type);
}

function isSvg(text: string): boolean {
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(
      /^\s*(<\?xml[^>]*\?>)?\s*(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>)?\s*(<!--[\s\S]*?-->\s*)*/i,
      '',
    );
  return /^<svg[\s>]/i.test(start);
}

// Element and attribute names may carry any namespace prefix (<s:script xmlns:s="…svg">).
const NAME = String.raw`(?:[\w.-]+:)?`;
const UNSAFE_SVG = [
  new RegExp(
    String.raw`<\s*${NAME}(script|foreignObject|iframe|embed|object|audio|video|image|use|a|animate|animateMotion|animateTransform|set|handler|listener|style)\b`,
    'i',
  ),
  new RegExp(String.raw`\s${NAME}on[a-z]+\s*=`, 'i'),
  new RegExp(String.raw`\s${NAME}(href|src)\s*=\s*["']\s*(?!#)`, 'i'),
  /javascript\s*:/i,
  /data\s*:\s*text\/html/i,
  /<!ENTITY/i,
  /url\(\s*["']?\s*(?!#)/i,
  /@import/i,
];

function isInertSvg(text: string): boolean {
  return !UNSAFE_SVG.some((pattern) => pattern.test(text));
}
