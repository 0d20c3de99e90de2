/**
 * Our own patterns for the client lines the libraries (email-reply-parser, planer,
 * email-forward-parser; see reply.ts) miss. Each pattern names the client it was seen from, and
 * test/mail/reply-corpus.spec.ts holds a reply from that client. JavaScript's `\b` only knows
 * ASCII letters, so no pattern here uses it next to a word that may hold other letters
 * (`escribió`, `написал`): words are delimited by start, end, spaces and punctuation instead.
 */

/** The line our HTML conversion puts where a client's HTML quote container starts (parse.ts). */
export const HTML_QUOTE_MARK = '\uE000[quoted mail]\uE000';

/** Verbs of attribution lines ("On …, X wrote:") in the languages clients write them in. */
const WROTE = [
  'wrote',
  'a écrit',
  'schrieb',
  'escribió',
  'ha scritto',
  'scritto',
  'escreveu',
  'schreef',
  'skrev',
  'skrev følgende',
  'napisał\\(a\\)',
  'napisał',
  'napisała',
  'pisze',
  'kirjoitti',
  'написал\\(а\\)',
  'написал',
  'написала',
  'написав',
  'napsal',
  'napísal',
  'írta',
  'yazdı',
  'έγραψε',
  'kirjutas',
  'escrigué',
  'va escriure',
].join('|');
/** The same in Chinese, Korean and Japanese, written without a space before them. */
const WROTE_CJK = ['写道', '작성', 'のメッセージ'].join('|');

/**
 * Attribution lines, joined when the client wrapped them (Gmail wraps the address onto a second
 * line; German Gmail and Outlook put `schrieb … :` on the next). Tested on the whole window.
 */
const ATTRIBUTIONS: readonly { readonly re: RegExp; readonly client: string }[] = [
  // "On Sat, 21 Nov 2026 at 20:00, Umpire <u@x> wrote:", Zoho's "---- On … wrote ----", "El sáb, 21 nov 2026 a las 20:00, Umpire (<u@x>) escribió:"
  {
    re: new RegExp(`^.{0,300}[\\s,)>"](?:${WROTE})(?:\\s*[:：]|\\s*-{2,})\\s*$`, 'iu'),
    client: 'attribution ("… wrote:") in many languages',
  },
  // "Am 21.11.2026 um 20:00 schrieb Umpire <u@x>:", "Den 21. nov. 2026 kl. 20:00 skrev Umpire <u@x>:"
  { re: new RegExp(`^.{0,120}\\s(?:${WROTE})\\s.{1,200}[:：]$`, 'iu'), client: 'attribution ("… schrieb X:")' },
  // Chinese Gmail: "Umpire <u@x> 于2026年11月21日周六 20:00写道：", Korean "…님이 작성:"
  { re: new RegExp(`^.{0,300}(?:${WROTE_CJK})\\s*[:：]\\s*$`, 'u'), client: 'attribution in Chinese, Korean or Japanese' },
  // mutt's attribution setting "* %n <%a> [%{%Y-%m-%d %H:%M:%S %Z}]:"
  { re: /^\*\s.{1,200}\[[^\]]*\d{4}[^\]]*\]\s*:$/u, client: 'mutt attribution ("* Name <address> [date]:")' },
  // Russian and Ukrainian Gmail: "ср, 30 апр. 2025 г. в 15:19, John Doe <doe@example.com>:"
  {
    re: /^.{0,200}\d.{0,200}[<([][^\s<>()[\]]+@[^\s<>()[\]]+[>)\]]\s*[:：]$/u,
    client: 'attribution with a date and an address ending in ":"',
  },
];

/** "-----Original Message-----" and its translations (Outlook, Lotus Notes, old Outlook Express). */
const ORIGINAL_MESSAGE =
  /^[-=_*\s]*(Original Message|Reply Message|Ursprüngliche Nachricht|Originalnachricht|Antwort Nachricht|Message d'origine|Messaggio originale|Mensaje original|Mensagem original|Oorspronkelijk bericht|Originalmeddelande|Ursprungligt meddelande|Opprinnelig melding|Oprindelig meddelelse|Alkuperäinen viesti|Исходное сообщение|Wiadomość oryginalna|Původní zpráva|Eredeti üzenet)[-=_*\s]*$/iu;

/** Forward separators, as Gmail, Thunderbird, Outlook, Apple Mail and Yahoo write them. */
const FORWARD_MARKS =
  /^[-=_*>\s]*(Forwarded message|Forwarded Message|Weitergeleitete Nachricht|Message transféré|Messaggio inoltrato|Mensaje reenviado|Mensaje original reenviado|Mensagem encaminhada|Doorgestuurd bericht|Vidarebefordrat meddelande|Videresendt melding|Videresendt meddelelse|Пересылаемое сообщение|Begin forwarded message|Anfang der weitergeleiteten Nachricht|Début du message réexpédié|Début du message transféré|Inizio messaggio inoltrato|Comienzo del mensaje reenviado|Início da mensagem reencaminhada|Início da mensagem encaminhada|Begin doorgestuurd bericht)[-=_*\s]*:?\s*$/iu;

/** The first field of a client's header block (Outlook desktop and web, Apple, Yahoo, Zoho). */
const HEADER_FIRST = /^\s*\*?(From|Von|De|Da|Van|Fra|Från|От|Od|Kimden|Lähettäjä|Feladó|Från)\s?\*?\s?[:：]\s*\S/iu;
/** Any field of such a block. */
const HEADER_FIELD =
  /^\s*\*?(From|Sent|Date|To|Cc|Bcc|Subject|Reply-To|Von|Gesendet|Datum|An|Betreff|Kopie|De|Envoyé|Date|À|A|Cc|Objet|Da|Inviato|Data|Oggetto|Enviado|Para|Asunto|Assunto|Fecha|Van|Verzonden|Aan|Onderwerp|Fra|Sendt|Til|Emne|Från|Skickat|Till|Ämne|От|Отправлено|Кому|Копия|Тема|Дата|Od|Wysłano|Do|Temat|Lähettäjä|Lähetetty|Vastaanottaja|Aihe)\s?\*?\s?[:：]/iu;

/** A forward separator line ("Begin forwarded message:", "---------- Forwarded message ---------"). */
export function isForwardMark(line: string): boolean {
  return FORWARD_MARKS.test(line.trim());
}

export interface HeaderMatch {
  /** how many lines the header takes */
  readonly span: number;
  readonly kind: 'attribution' | 'original-message' | 'forward' | 'header-block' | 'html-quote';
  readonly why: string;
}

/**
 * A quote or forward header starting at `lines[i]` by our own patterns, or null. `notHeader` says
 * which lines can never be part of a header wrapped over several lines (a quoted line, an order):
 * Apple Mail puts its attribution right under the last line written, with no blank line between.
 */
export function ownHeaderAt(lines: readonly string[], i: number, notHeader: (line: string) => boolean = () => false): HeaderMatch | null {
  const t = lines[i].trim();
  if (t === '') return null;
  if (t === HTML_QUOTE_MARK) return { span: 1, kind: 'html-quote', why: "the mail program's HTML quote container" };
  if (FORWARD_MARKS.test(t)) return { span: 1, kind: 'forward', why: `forward separator "${t}"` };
  if (ORIGINAL_MESSAGE.test(t)) return { span: 1, kind: 'original-message', why: `quote separator "${t}"` };
  // Outlook: a line of underscores, then the header block
  if (/^_{10,}$/.test(t)) {
    const next = nextNonBlank(lines, i + 1);
    if (next !== -1 && next - i <= 2 && HEADER_FIRST.test(lines[next])) {
      const block = headerBlock(lines, next);
      if (block)
        return {
          span: next - i + block,
          kind: 'header-block',
          why: "Outlook's separator line and header block (From:/Sent:/To:/Subject:)",
        };
    }
  }
  if (HEADER_FIRST.test(t)) {
    const block = headerBlock(lines, i);
    if (block) return { span: block, kind: 'header-block', why: `header block of the quoted mail ("${t.slice(0, 40)}…")` };
  }
  for (let span = 1; span <= 3 && i + span <= lines.length; span++) {
    if (span > 1 && (lines[i + span - 1].trim() === '' || lines.slice(i, i + span).some(notHeader))) break;
    const hit = attribution(lines, i, span);
    // a wrapped attribution starts on its first line: one that is unfinished or dates the mail,
    // or at least one the lines below do not make an attribution without
    if (hit && (span === 1 || UNFINISHED_OR_DATED.test(t) || !attribution(lines, i + 1, span - 1)))
      return { span, kind: 'attribution', why: hit };
  }
  return null;
}

/** The first line of a wrapped attribution: it breaks at an opening bracket or comma, or holds a time or a year. */
const UNFINISHED_OR_DATED = /([<([,]\s*$)|(\d{1,2}[:.]\d{2})|((19|20)\d{2})/u;

function attribution(lines: readonly string[], i: number, span: number): string | null {
  const window = lines
    .slice(i, i + span)
    .map((l) => l.trim())
    .join(' ');
  if (window.length > 400 || window.startsWith('>')) return null;
  const hit = ATTRIBUTIONS.find((a) => a.re.test(window));
  // an attribution names someone and when: an address, a date or a time
  return hit && /@|\d/.test(window) ? hit.client : null;
}

/** Lines taken by a header block starting with a From-like field: at least two fields. */
function headerBlock(lines: readonly string[], i: number): number {
  let fields = 0;
  let j = i;
  for (; j < lines.length && j < i + 10; j++) {
    const t = lines[j].trim();
    if (HEADER_FIELD.test(t)) fields++;
    // Outlook wraps a long From: address onto the next line
    else if (fields > 0 && /^<?[^\s<>]+@[^\s<>]+>?$/.test(t)) continue;
    else break;
  }
  return fields >= 2 ? j - i : 0;
}

function nextNonBlank(lines: readonly string[], from: number): number {
  for (let j = from; j < lines.length; j++) if (lines[j].trim() !== '') return j;
  return -1;
}

/** Signature separators: `-- `, a bare `--`, iOS's `—` (it turns `--` into an em dash), underscores. */
export const SIGNATURE_SEPARATOR = /^\s*(--|-- |—|–|—\s?—|[—–]{3,}|-{2}\s*[—–]|_{2,4}|={2,4}|\+{2,4})\s*$/u;

/**
 * Taglines mail programs add under what was written ("Sent from my iPhone"), in the languages
 * clients ship; a line like this ends what the player wrote.
 */
export const CLIENT_TAGLINE =
  /^\s*(Sent from|Sent with|Sent via|Sent using|Get Outlook for|Get BlueMail|Envoyé de mon|Envoyé depuis|Envoyé à partir de|Envoyé avec|Télécharger Outlook pour|Von meinem .{1,40} gesendet|Gesendet von|Gesendet mit|Enviado desde|Enviado de mi|Enviado do meu|Enviado a partir do|Inviato da|Inviato dal mio|Verzonden vanaf|Verstuurd vanaf|Verzonden met|Sendt fra|Skickat från|Lähetetty|Отправлено с|Отправлено из|Wysłane z|Odesláno z|Yahoo Mail:|Sent from Yahoo Mail|Diese Nachricht wurde von meinem)(\s|$)/iu;

/** Sign-offs players end with ("Thanks,", "Regards," …); a few short lines (a name) may follow. */
export const SIGN_OFF =
  /^\s*(thanks|thank you|many thanks|thanks again|thx|ta|cheers|best|all the best|best wishes|regards|best regards|kind regards|warm regards|warmest regards|yours|yours truly|sincerely|ciao|good luck|gl hf|glhf|hf|greetings|danke|vielen dank|gruß|grüße|viele grüße|beste grüße|liebe grüße|lg|mfg|mit freundlichen grüßen|merci|merci beaucoup|cordialement|bien à vous|amitiés|bises|gracias|muchas gracias|saludos|un saludo|atentamente|grazie|saluti|cordiali saluti|obrigado|obrigada|abraços|atenciosamente|groeten|met vriendelijke groet|bedankt|hilsen|mvh|vennlig hilsen|med vänliga hälsningar|hälsningar|tack|kiitos|terveisin|спасибо|с уважением|всего доброго|pozdrawiam|dziękuję)\s*[,.!]*\s*$/iu;
