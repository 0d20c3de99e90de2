import { readFileSync } from 'node:fs';

/**
 * What a verifier is told the log must hold (docs/audit.md "Checking against your mail"): a head
 * hash (`--head <hash>`: the log ends there), or a report mail (`--mail <file.eml>`: its "Latest
 * event hash (event #N)" must be the hash of event N of the log, which may have grown since). A log
 * cut short and re-chained to a new head passes every check of the log alone; these catch it.
 * templates/audit/verify.js does the same in plain JavaScript.
 */
export interface ExpectedHead {
  readonly hash: string;
  /** the event the hash is of; absent for --head (the last event) */
  readonly seq?: number;
  /** where it came from, for the messages */
  readonly from: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

export function headArg(hash: string): ExpectedHead {
  const h = hash.trim().toLowerCase();
  if (!HEX64.test(h)) throw new Error(`--head ${hash}: a head hash is 64 hex digits`);
  return { hash: h, from: '--head' };
}

/** The "Latest event hash (event #N): <hash>" line of a report mail, after undoing its transfer encoding. */
export function mailHead(text: string, file: string): ExpectedHead {
  for (const body of decodings(text)) {
    const m = /Latest event hash \(event #(\d+)\):\s*([0-9a-f]{64})/.exec(body);
    if (m) return { hash: m[2], seq: Number(m[1]), from: `the mail ${file}` };
  }
  const old = decodings(text).some((b) => /Latest event hash:\s*[0-9a-f]{64}/.test(b));
  throw new Error(
    old
      ? `${file} names a latest event hash but not its event number (a mail from an older umpire): check it with --head <hash> against a log cut at that event`
      : `${file} has no "Latest event hash (event #N)" line: pass a report mail of the game, as saved (.eml)`,
  );
}

export function readMailHead(file: string): ExpectedHead {
  return mailHead(readFileSync(file, 'utf8'), file);
}

/** The mail as it is, quoted-printable undone, and each base64 part decoded. */
function decodings(raw: string): string[] {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((m) =>
    Buffer.from(m[1].replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [raw, Buffer.from(qp, 'latin1').toString('utf8'), ...b64];
}

/** null when the log holds the expected head; else why not (the verifier prints it as BROKEN). */
export function checkHead(log: readonly { readonly seq: number; readonly hash: string }[], want: ExpectedHead): string | null {
  const last = log[log.length - 1];
  if (!last) return `the log is empty, ${want.from} names a head`;
  if (want.seq === undefined) {
    return last.hash === want.hash
      ? null
      : `the log ends at event #${last.seq} with hash ${last.hash.slice(0, 12)}..., ${want.from} names ${want.hash.slice(0, 12)}...: not the log you were given (cut short, or rewritten)`;
  }
  const at = log.find((e) => e.seq === want.seq);
  if (!at)
    return `${want.from} names event #${want.seq} with hash ${want.hash.slice(0, 12)}..., the log ends at event #${last.seq}: it was cut short`;
  if (at.hash !== want.hash)
    return `${want.from} names event #${want.seq} with hash ${want.hash.slice(0, 12)}..., the log's event #${want.seq} has ${at.hash.slice(0, 12)}...: the log was rewritten after the mail`;
  return null;
}
