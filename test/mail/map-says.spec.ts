/**
 * Issue 28, the map says what it shows, for any game that draws one: the moment it is drawn for under
 * its title, the damaged units, the types of units in ports and bases as at sea, and labels that
 * never lie on one another, however crowded the places.
 */
import { boardOf, type BoardMap } from '../../src/engine/board-view';
import { vitpRuleset } from '../../src/games/vitp';
import { overlaps } from '../../src/mail/map-labels';
import { mapGeometry, renderMapSvg } from '../../src/mail/map-svg';
import { renderMapText } from '../../src/mail/map-text';
import { MailRenderer, mapMoment } from '../../src/mail/render';

const start = vitpRuleset.setup({ gameId: 'map', options: {}, box: vitpRuleset.box.defaultData });
const vitpMap = boardOf(vitpRuleset.view(start, 'allied')).map!;

/** Ten ports on top of one another, each with a long list of units: the worst case for labels. */
const crowded: BoardMap = {
  cells: [
    { kind: 'area', name: 'North', x: 10, y: 6, units: [], control: null },
    { kind: 'area', name: 'South', x: 10, y: 20, units: [], control: null, damage: [{ side: 'red', count: 1, label: '1 CV' }] },
  ],
  places: Array.from({ length: 10 }, (_, i) => ({
    name: `Port ${i}`,
    kind: 'port' as const,
    owner: i % 2 ? 'red' : 'blue',
    touches: ['North', 'South'],
    x: 10 + (i % 3),
    y: 13 + (i % 2),
    units: [{ side: i % 2 ? 'red' : 'blue', count: 9, label: '2 CV, 3 BB, 4 CA' }],
    ...(i === 3 ? { damage: [{ side: 'red', count: 1, label: '1 BB' }] } : {}),
  })),
  sides: [
    { id: 'red', name: 'Reds', colour: '#aa0000' },
    { id: 'blue', name: 'Blues', colour: '#0000aa' },
  ],
};

function noOverlaps(map: BoardMap): string[] {
  const g = mapGeometry(map);
  const clashes: string[] = [];
  for (const [i, a] of g.labels.entries())
    for (const [j, b] of g.labels.entries()) if (j > i && overlaps(a, b)) clashes.push(`${g.places[i].name} / ${g.places[j].name}`);
  return clashes;
}

describe('issue 28: the map says what it shows', () => {
  it('given the VITP map and a crowded one, then no two place labels overlap, and the picture holds every label', () => {
    expect(noOverlaps(vitpMap)).toEqual([]);
    expect(noOverlaps(crowded)).toEqual([]);
    const g = mapGeometry(crowded);
    for (const l of g.labels) {
      expect(l.x).toBeGreaterThanOrEqual(0);
      expect(l.x + l.w).toBeLessThanOrEqual(g.width);
      expect(l.y + l.h).toBeLessThanOrEqual(g.legendY);
    }
  });

  it('given units in port, then the picture and the text name their types, as they do at sea', () => {
    const svg = renderMapSvg(vitpMap, 'VITP');
    expect(svg).toMatch(/>J: \d+ CV, \d+ CVL, \d+ BB, \d+ CA/);
    expect(svg).toMatch(/>A: \d+ BB, 1 LBA</);
    expect(renderMapText(vitpMap)).toContainEqual(expect.stringMatching(/^Pearl Harbor \[allied\]: allied \d+ \(\d+ BB, 1 LBA\)$/));
  });

  it('given damaged units at sea and in port, then the picture and the text say so', () => {
    const svg = renderMapSvg(crowded, 'Crowded');
    expect(svg).toContain('damaged 1 CV');
    expect(svg).toMatch(/Port 3 \[damaged 1 BB\]/);
    expect(renderMapText(crowded).join('\n')).toMatch(/South: empty; damaged: red 1 \(1 CV\)/);
    expect(renderMapText(crowded).join('\n')).toMatch(/Port 3 \[red\]: red 9 \(2 CV, 3 BB, 4 CA\); damaged: red 1 \(1 BB\)/);
  });

  it('given a report, a welcome and a final mail, then the map says under its title what moment it shows', () => {
    expect(mapMoment({ step: { id: 't3/patrol/allied', title: 'Turn 3: Allied patrol movement and repairs (5.21)' } }, false)).toBe(
      'The board as Allied patrol movement and repairs begins (after the steps this mail tells).',
    );
    expect(mapMoment({ final: ['Game over'] }, false)).toBe('The board at the end of the game.');
    const r = new MailRenderer().render('report', {
      gameId: 'G-map',
      gameName: 'Victory in the Pacific',
      side: 'allied',
      turn: 3,
      step: { id: 't3/patrol/allied', title: 'Turn 3: Allied patrol movement and repairs (5.21)' },
      knowledge: [],
      map: vitpMap,
      narrative: [],
      dice: { anchor: 'a'.repeat(64), revealedSeeds: [] },
      latestEventHash: 'e'.repeat(64),
      latestEventSeq: 42,
      next: null,
    });
    const svg = r.attachments.find((a) => 'svg' in a) as { svg: string };
    expect(svg.svg).toContain('>The board as Allied patrol movement and repairs begins (after the steps this mail tells).<');
    expect(r.text).toContain('Map (area [controlled by]: units). The board as Allied patrol movement');
  });
});
