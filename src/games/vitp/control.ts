/** Control of sea areas and the POC track (2.5, 5.71, 8.12, 15.1–15.3, 19.3). */
import type { Tx } from './events';
import type { VitpState, VSide } from './types';
import { SIDES } from './types';

/** 15.1–15.2: patrolling ships and land-based air at sea count; raiders, amphibians, subs and ports do not. */
export function controllersPresent(s: VitpState, area: string): VSide[] {
  return SIDES.filter((side) =>
    s.units.some((u) => u.side === side && u.loc.at === 'sea' && u.loc.area === area && (u.loc.mode === 'patrol' || u.loc.mode === 'air')),
  );
}

/**
 * Who controls `area` at the end of the turn. 15.1: the side with a patroller or air unit there.
 * Nobody there: nobody controls it. Both there (a battle that ended with neither side able to hurt
 * the other): the flag stays where it was, since neither has driven the other off (7.94).
 */
export function controlAtEnd(s: VitpState, area: string): VSide | null {
  const present = controllersPresent(s, area);
  if (present.length === 1) return present[0];
  if (present.length === 0) return null;
  return s.control[area] ?? null;
}

/** 2.5: the difference moves the track toward the side that gained more; never past the cap (29). */
export function movePocTrack(poc: number, japanese: number, allied: number, cap: number): { poc: number; capped: boolean } {
  const raw = poc + (japanese - allied);
  const clamped = Math.max(-cap, Math.min(cap, raw));
  return { poc: clamped, capped: clamped !== raw };
}

/** 5.71: place the control flags, score POC and move the track. */
export function scoreTurn(tx: Tx): void {
  const areas: Record<string, VSide | null> = {};
  for (const a of tx.s.map.areas) {
    const now = controlAtEnd(tx.s, a.name);
    areas[a.name] = now;
    if (now !== tx.s.control[a.name]) {
      tx.emit('vitp.control', {
        place: a.name,
        side: now,
        rule: '15.1',
        why: now
          ? `the ${now === 'japanese' ? 'Japanese' : 'Allies'} patrol it at the end of the turn`
          : 'nobody patrols it at the end of the turn',
      });
    }
  }
  tx.emit('vitp.control-recorded', { turn: tx.s.turn, areas });
  const score = { japanese: 0, allied: 0 };
  for (const a of tx.s.map.areas) {
    const who = areas[a.name];
    if (who) score[who] += a.poc[who];
  }
  if (tx.s.options['japanese-islands-bonus'] && areas['Japanese Islands'] === 'japanese') score.japanese += 1; // 19.3
  const { poc, capped } = movePocTrack(tx.s.poc, score.japanese, score.allied, tx.s.pocCap);
  const gain = Math.abs(score.japanese - score.allied);
  const gainer = score.japanese === score.allied ? null : score.japanese > score.allied ? 'japanese' : 'allied';
  tx.emit('vitp.poc', {
    turn: tx.s.turn,
    japanese: score.japanese,
    allied: score.allied,
    gain,
    gainer,
    poc,
    capped,
    rule: '2.5',
  });
}

export function pocStanding(poc: number): string {
  if (poc === 0) return 'the POC track is even';
  return `${poc > 0 ? 'Japanese' : 'Allied'} ahead by ${Math.abs(poc)} POC`;
}
