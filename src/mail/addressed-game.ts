import { parseReplyAddress, type ReplyAddressConfig } from './auth';
import { headerFields } from './message-id';

/** Where a message's recipients are named, envelope first (as authenticate looks for the reply address). */
const RECIPIENT_FIELDS = ['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to', 'to', 'cc'];

/**
 * The game a raw message is addressed to, read from its header alone when it is stored (before it
 * is parsed or authenticated): the game of the first signed reply address among its recipients,
 * or null (sent to the umpire's plain address, the game named in the body, if anywhere). The tag
 * is not checked here: a forged address names a game only until the message is read, and all it
 * can do meanwhile is make that game's deadline wait for the message to be read.
 */
export function addressedGame(raw: Buffer, reply: Pick<ReplyAddressConfig, 'localPart' | 'domain'>): string | null {
  const fields = headerFields(raw);
  for (const name of RECIPIENT_FIELDS)
    for (const field of fields) {
      if (field.name !== name) continue;
      for (const address of field.value.match(/[^\s<>,;:"'()[\]]+@[^\s<>,;:"'()[\]]+/g) ?? []) {
        const parts = parseReplyAddress({ ...reply, secret: '' }, address);
        if (parts) return parts.gameId;
      }
    }
  return null;
}
