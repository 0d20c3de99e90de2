/**
 * Fog of war in the orders' answers (27, 28, 19.4; the issue's "Hidden until found"): an order
 * naming a face-down IJN ship or a submarine's hidden counter gets exactly the answer a name that
 * exists nowhere gets, and no "did you mean" ever offers what the USN cannot see. Each case compares
 * the answer with the same position where the hidden thing does not exist at all.
 */
import { help, parseOrders, validateOrders } from '../../../../src/games/coral-sea-solitaire/orders';
import type { CoralState, ShipKey } from '../../../../src/games/coral-sea-solitaire/types';
import { position, stepOf, withFaceUp } from './fixture';

/** The position without an IJN ship at all (its TF keeps the rest). */
function without(s: CoralState, key: ShipKey): CoralState {
  const ships = { ...s.ships };
  delete ships[key];
  const taskForces = Object.fromEntries(
    Object.entries(s.taskForces).map(([id, tf]) => [id, { ...tf, ships: tf.ships.filter((k) => k !== key) }]),
  );
  return { ...s, ships, taskForces };
}

const answer = (s: CoralState, row: string, text: string) => parseOrders(s, 'usn', text, stepOf(row));

describe('Coral Sea orders keep the IJN hidden (27, 28, 19.4)', () => {
  const s = { ...position(), taskForces: { ...position().taskForces, CSF: { ...position().taskForces.CSF, identified: true } } };

  it.each([
    ['air-missions', 'STRIKE CV-1 VB 5 AT IJN-CV-2'],
    ['air-missions', 'STRIKE CV-1 VB 5 AT IJN CV 2'],
    ['intelligence', 'INTEL IJN-CV-2 PREFER REVEAL'],
    ['air-assign', 'ASSIGN CV-1 VB 2 TO STRIKE AT ijn:CV-2'],
  ])('a face-down IJN ship (%s: %s) is answered as if it did not exist', (row, text) => {
    const hidden = answer(s, row, text);
    const absent = answer(without(s, 'ijn:CV-2'), row, text);
    expect(hidden.ok).toBe(false);
    expect(hidden).toEqual(absent);
  });

  it('the same face-down ship is answered like a name no counter has (the problem differs only by the word written)', () => {
    const hidden = answer(s, 'air-missions', 'STRIKE CV-1 VB 5 AT IJN-CV-2');
    const nowhere = answer(s, 'air-missions', 'STRIKE CV-1 VB 5 AT IJN-CV-8');
    expect(hidden.ok || nowhere.ok).toBe(false);
    if (hidden.ok || nowhere.ok) return;
    expect(hidden.errors[0].problem.replace('IJN-CV-2', 'X')).toBe(nowhere.errors[0].problem.replace('IJN-CV-8', 'X'));
    expect(hidden.errors[0].hint).toBe(nowhere.errors[0].hint);
    expect(hidden.errors[0].hint).not.toContain('CV-2');
  });

  it('once face up (27.1) the ship is a name: a strike at it goes to its TF', () => {
    const up = withFaceUp(s, 'ijn:CV-2');
    const r = answer(up, 'air-missions', 'STRIKE CV-1 VB 5 AT IJN-CV-2');
    expect(r).toEqual({
      ok: true,
      orders: [{ kind: 'mission', mission: 'strike', from: 'CV-1', air: { VB: 5 }, target: 'CSF', extended: false }],
    });
  });

  it('"did you mean" offers only names the USN can see: never a face-down counter, even one edit away', () => {
    const up = withFaceUp(s, 'ijn:CA-1');
    const r = answer(up, 'air-missions', 'STRIKE CV-1 VB 5 AT IJN-CA-3');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // IJN CA-3 is face down in CG: the nearest visible name is the face-up IJN-CA-1
    expect(r.errors[0].hint).toBe('did you mean IJN-CA-1?');
    const nowhere = answer(without(up, 'ijn:CA-3'), 'air-missions', 'STRIKE CV-1 VB 5 AT IJN-CA-3');
    expect(r).toEqual(nowhere);
  });

  it('a submarine counter before contact (19.4) is answered like a name that does not exist', () => {
    const row = 'air-missions';
    const text = 'STRIKE North-Australia LHB 2 AT IJN-SS-2';
    const hidden = answer(s, row, text);
    const absent = answer({ ...s, submarines: s.submarines.filter((x) => x.counter !== 'SS-2') }, row, text);
    expect(hidden.ok).toBe(false);
    expect(hidden).toEqual(absent);
    const revealed = answer(
      { ...s, submarines: s.submarines.map((x) => (x.counter === 'SS-2' ? { ...x, revealed: true } : x)) },
      row,
      text,
    );
    expect(revealed.ok).toBe(false);
    if (!revealed.ok) expect(revealed.errors[0].problem).toBe('IJN-SS-2 is an IJN submarine, not an IJN task force, IJN ship or base');
  });

  it('the step card and the validation name no face-down ship', () => {
    const card = help(s, 'usn', stepOf('air-missions'));
    for (const id of ['CV-2', 'CA-2', 'Dummy-1', 'SS-1']) expect(card).not.toContain(`IJN-${id}`);
    expect(card).toContain('CSF at 1401, identified');
    const up = withFaceUp(s, 'ijn:CV-1');
    expect(help(up, 'usn', stepOf('air-missions'))).toContain('face up: IJN-CV-1');
    const errors = validateOrders(
      { ...s, step: 'air-missions' },
      'usn',
      [{ kind: 'mission', mission: 'strike', from: 'CV-1', air: { VB: 5 }, target: 'CG', extended: false }],
      stepOf('air-missions'),
    );
    expect(errors.map((e) => e.problem)).toEqual(['CG is unidentified: no strike or escort against it (28.4)']);
  });
});
