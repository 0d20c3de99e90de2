/**
 * Reading a message's header fields as parse.ts needs them: its addresses (domains lower case),
 * the recipients it was delivered to, and whether a machine sent it (RFC 3834).
 */
import type { AddressObject, ParsedMail as MailparserMail, HeaderValue } from 'mailparser';
import type { MailAddress } from './parse';

/**
 * Why the message is from a machine (RFC 3834 and common practice), or null.
 * The umpire never answers these: answering a bounce or an autoreply is how mail loops start.
 */
export function automaticReason(mail: MailparserMail, from: MailAddress): string | null {
  const h = mail.headers;
  const autoSubmitted = headerText(h.get('auto-submitted')).toLowerCase().split(';')[0].trim();
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  const precedence = headerText(h.get('precedence')).toLowerCase().trim();
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return `Precedence: ${precedence}`;
  if (/^<\s*>$/.test(headerText(h.get('return-path')).trim()) || rawReturnPathEmpty(mail)) return 'empty Return-Path (a bounce)';
  const local = from.address.split('@')[0];
  if (/^(mailer-daemon|postmaster)$/i.test(local)) return `sender ${from.address}`;
  for (const name of ['x-autoreply', 'x-autorespond', 'x-auto-reply', 'x-failed-recipients']) {
    if (h.has(name)) return `${name} header`;
  }
  const ct = h.get('content-type') as { value?: string } | undefined;
  if (ct?.value?.toLowerCase() === 'multipart/report') return 'multipart/report (a delivery or read report)';
  if (mail.headerLines.some((l) => l.key === 'list-id')) return 'mailing-list message (List-Id)';
  return null;
}

/** mailparser parses `Return-Path: <>` into an empty address object; read the raw line too. */
function rawReturnPathEmpty(mail: MailparserMail): boolean {
  const line = mail.headerLines.find((l) => l.key === 'return-path');
  return line !== undefined && /^return-path:\s*<\s*>\s*$/i.test(line.line.trim());
}

function headerText(v: HeaderValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x) => headerText(x as HeaderValue)).join(', ');
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && 'text' in v && typeof (v as AddressObject).text === 'string') return (v as AddressObject).text;
  if (typeof v === 'object' && 'value' in v) return String((v as { value: unknown }).value ?? '');
  return String(v);
}

/** The addresses the mail was delivered to, newest hop first; tags are read from these. */
export function envelopeRecipients(mail: MailparserMail): string[] {
  const out: string[] = [];
  for (const l of mail.headerLines) {
    if (l.key === 'delivered-to' || l.key === 'x-original-to' || l.key === 'envelope-to' || l.key === 'x-envelope-to') {
      const addr = l.line
        .slice(l.line.indexOf(':') + 1)
        .trim()
        .replace(/^<|>$/g, '');
      if (addr.includes('@')) out.push(lowerDomain(addr));
    }
  }
  const received = mail.headerLines.find((l) => l.key === 'received');
  const forAddr = received?.line.replace(/\r?\n[ \t]+/g, ' ').match(/\bfor\s+<?([^\s<>;]+@[^\s<>;]+)>?/i)?.[1];
  if (forAddr) out.push(lowerDomain(forAddr));
  return [...new Set(out)];
}

export function firstAddress(obj: AddressObject | AddressObject[] | undefined): MailAddress | null {
  return allAddresses(obj)[0] ?? null;
}

export function allAddresses(obj: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const out: MailAddress[] = [];
  for (const group of toList(obj)) {
    for (const a of group.value) {
      for (const member of a.group ?? [a]) {
        if (member.address) out.push({ address: lowerDomain(member.address), name: member.name ?? '' });
      }
    }
  }
  return out;
}

function lowerDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0
    ? address.trim()
    : `${address.slice(0, at).trim()}@${address
        .slice(at + 1)
        .trim()
        .toLowerCase()}`;
}

export function toList<T>(v: T | T[] | undefined | null): T[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

export function stripBrackets(id: string | undefined | null): string | undefined {
  const s = id?.trim().replace(/^<|>$/g, '').trim();
  return s ? s : undefined;
}
