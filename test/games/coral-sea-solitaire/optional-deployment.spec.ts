/**
 * 35 (optional deployment): CG's "same hex as PMG" when PMG enters later by a To Truk hex. Found
 * by self-play at scale (issue 26): the game stopped at the IJN setup ("no place To-Truk"). The
 * seed below deals that draw (since the option's rolls come before deployment, 35): CG starts on
 * turn 1, PMG is to enter on turn 3 at a To Truk hex.
 */
import type { EngineEvent } from '../../../src/engine/engine-events';
import { checkReplay, playOneGame } from '../../../src/engine/selfplay';
import { coralSeaSolitaire } from '../../../src/games/coral-sea-solitaire';
import { defaultBox } from '../../../src/games/coral-sea-solitaire/box';

const placed = (events: readonly EngineEvent[], tf: string) =>
  events.flatMap((e) =>
    e.type === 'RulesApplied' && e.data.event.type === 'coral.tf.placed' && (e.data.event.data as { tf: string }).tf === tf
      ? [e.data.event.data as { hex: string | null; arrives?: number; at?: string }]
      : [],
  );

describe('Coral Sea 35: a TF placed in the same hex as a partner that comes later', () => {
  it('Given the draw CG same hex as PMG from the start and PMG by a To Truk hex on turn 3, When turn 1 is played, Then CG starts on a To Truk hex and the game plays on and verifies', () => {
    const played = playOneGame(coralSeaSolitaire as never, 'smoke/1/0000000000000019', {
      options: { 'optional-deployment': true },
      players: { usn: 'historical' },
      missRate: 0,
      // one turn's seeds: the setup is what the rule has to answer (the game used to stop there)
      maxTurns: 1,
    });
    const [pmgDrawn] = placed(played.events, 'PMG');
    const [cgDrawn, cgOnMap] = placed(played.events, 'CG');
    // the draw this seed deals (the case the rule has to answer)
    expect(pmgDrawn).toMatchObject({ hex: null, arrives: 3, at: 'To-Truk' });
    expect(cgDrawn).toMatchObject({ hex: null, arrives: 1, at: 'same hex as PMG' });
    expect(defaultBox.map.toTruk.value).toContain(cgOnMap.hex);
    expect(checkReplay(coralSeaSolitaire as never, played.events, played.state)).toEqual([]);
    // it stopped where its one turn of seeds ran out, past the setup (which used to throw)
    expect(played.unfinishedAtCap).toBe(true);
  }, 120_000);
});

describe('Coral Sea random USN: a refit only where a refit can be', () => {
  it('Given the seed where Lexington went out of play with its air in Recovery (35 on, the random USN as `umpire selfplay` plays it), When the game is played, Then no order of the random player is refused and the game ends and verifies', () => {
    const played = playOneGame(coralSeaSolitaire as never, 'cs-scale-optional-deployment/33/1752f56cb32bc5fd', {
      options: { 'optional-deployment': true },
    });
    expect(checkReplay(coralSeaSolitaire as never, played.events, played.state)).toEqual([]);
    expect(played.state.step).toBeNull();
  }, 120_000);
});
