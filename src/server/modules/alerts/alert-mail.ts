import { formatDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { escapeHtml, type MailMessage } from '../../lib/mailer';
import { flagName } from './follows-text';

/**
 * The alerts' e-mail (decision 0053): one per address and send, every pending change of every
 * monitor it follows, grouped by monitor and follow ('Te llega porque sigues: …'), at most
 * MAX_ITEMS listed ('… y N más' links to the list), the management page's link and the one-click
 * unsubscribe of RFC 8058 in the headers.
 */

/** At most this many changes are listed in one e-mail; the rest are counted and linked. */
export const MAX_ITEMS = 50;

/** One pending change as the outbox keeps it. */
export interface AlertItem {
  organizationId: string;
  organizationName: string;
  /** The follow that brought it (its id, or its text when the follow is gone). */
  followKey: string;
  payload: Record<string, unknown>;
}

export interface AlertMailInput {
  to: string;
  items: readonly AlertItem[];
  /** /alerts/{token}: see, change or end every follow. */
  manageUrl: string;
  /** The one-click unsubscribe (POST, RFC 8058), in the List-Unsubscribe header. */
  unsubscribeUrl: string;
  /** /alerts/unsubscribe/{token}: the page whose one button unsubscribes (the e-mail's link). */
  unsubscribePageUrl: string;
  /** The monitor's contracts list, where '… y N más' leads when the follow's own list is not known. */
  listUrl(organizationId: string): string;
}

interface Line {
  text: string;
  link: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** One change in words: a contract (new, or newly flagged), the index's move, a missing quarter. */
export function itemLine(payload: Record<string, unknown>): Line {
  const link = text(payload.link);
  if (payload.kind === 'INDEX') {
    return {
      text: `El índice de riesgo de corrupción (${payload.period}) pasó de ${payload.previous} a ${payload.value} puntos.`,
      link,
    };
  }
  if (payload.kind === 'PUBLICATION') {
    return {
      text: `No hay contratos publicados del trimestre ${payload.period}; el plazo venció el ${formatDate(String(payload.deadline))}.`,
      link,
    };
  }
  const facts = [
    `Contrato ${text(payload.number) ?? 'sin número'}`,
    text(payload.description),
    text(payload.supplier),
    payload.amount === null || payload.amount === undefined ? null : formatMoney(Number(payload.amount)),
    text(payload.date) ? formatDate(String(payload.date)) : null,
  ].filter((fact): fact is string => fact !== null);
  const flag = text(payload.flag);
  return { text: `${flag ? `Señal «${flagName(flag)}»: ` : ''}${facts.join(' · ')}`, link };
}

interface Group {
  organizationId: string;
  organizationName: string;
  why: string;
  lines: Line[];
  more: number;
  /** Where the 'more' row leads: the list as the follow sees it (the monitor's list when unknown). */
  moreLink: string | null;
}

/** The items by monitor and follow, in their order, the first MAX_ITEMS listed and the rest counted. */
function groups(items: readonly AlertItem[]): Group[] {
  const byKey = new Map<string, Group>();
  let listed = 0;
  for (const item of items) {
    const key = `${item.organizationId}|${item.followKey}`;
    let group = byKey.get(key);
    if (!group) {
      group = {
        organizationId: item.organizationId,
        organizationName: item.organizationName,
        why: text(item.payload.why) ?? 'un aviso de Vigía',
        lines: [],
        more: 0,
        moreLink: null,
      };
      byKey.set(key, group);
    }
    // A follow's matches past the run's first 50 come counted in one row (decision 0053).
    if (item.payload.kind === 'MORE') {
      group.more += Number(item.payload.more) || 0;
      group.moreLink ??= text(item.payload.link);
    } else if (listed < MAX_ITEMS) {
      group.lines.push(itemLine(item.payload));
      listed += 1;
    } else group.more += 1;
  }
  return [...byKey.values()].sort((a, b) => a.organizationName.localeCompare(b.organizationName, 'es'));
}

/** 'Vigía: 3 contratos nuevos en Monitor Santa Lucía', or the count of changes (of several monitors). */
export function alertSubject(items: readonly AlertItem[]): string {
  const monitors = new Set(items.map((item) => item.organizationName));
  // The changes told: each row, and for a 'more' row the matches it counts.
  const count = items.reduce(
    (sum, item) => sum + (item.payload.kind === 'MORE' ? Number(item.payload.more) || 0 : 1),
    0,
  );
  if (monitors.size > 1) return `Vigía: ${count} novedades en ${monitors.size} monitores`;
  const [name] = monitors;
  const contractsOnly = items.every(
    (item) => (item.payload.kind === undefined || item.payload.kind === 'MORE') && !item.payload.flag,
  );
  if (contractsOnly) {
    return `Vigía: ${count} ${count === 1 ? 'contrato nuevo' : 'contratos nuevos'} en ${name}`;
  }
  return `Vigía: ${count} ${count === 1 ? 'novedad' : 'novedades'} en ${name}`;
}

export function alertMail(input: AlertMailInput): MailMessage {
  const e = escapeHtml;
  const all = groups(input.items);
  const manage = 'Administrar o dejar de seguir';
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  let monitor: string | null = null;
  for (const group of all) {
    if (group.organizationId !== monitor) {
      monitor = group.organizationId;
      textParts.push(`== ${group.organizationName} ==`);
      htmlParts.push(`<h2 style="font-size:18px;margin:24px 0 8px">${e(group.organizationName)}</h2>`);
    }
    textParts.push(`Te llega porque sigues: ${group.why}`);
    htmlParts.push(`<p style="margin:0 0 8px;color:#52606d">Te llega porque sigues: ${e(group.why)}</p>`);
    const lines =
      group.more > 0
        ? [
            ...group.lines,
            { text: `… y ${group.more} más`, link: group.moreLink ?? input.listUrl(group.organizationId) },
          ]
        : group.lines;
    for (const line of lines) {
      textParts.push(`- ${line.text}${line.link ? `\n  ${line.link}` : ''}`);
    }
    htmlParts.push(
      `<ul style="margin:0 0 16px;padding-left:20px">${lines
        .map(
          (line) =>
            `<li style="margin:0 0 6px">${line.link ? `<a href="${e(line.link)}">${e(line.text)}</a>` : e(line.text)}</li>`,
        )
        .join('')}</ul>`,
    );
    textParts.push('');
  }
  const subject = alertSubject(input.items);
  const leave = 'Dejar de recibir avisos';
  const footerText = `${manage}: ${input.manageUrl}\n${leave}: ${input.unsubscribePageUrl}`;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
  <div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 16px">Novedades de lo que sigues en Vigía</h1>
    ${htmlParts.join('\n    ')}
    <p style="margin:24px 0 0;font-size:13px;color:#52606d"><a href="${e(input.manageUrl)}">${e(manage)}</a> · <a href="${e(input.unsubscribePageUrl)}">${e(leave)}</a></p>
  </div>
</body></html>`;
  return {
    to: input.to,
    subject,
    text: `Novedades de lo que sigues en Vigía\n\n${textParts.join('\n')}\n${footerText}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
