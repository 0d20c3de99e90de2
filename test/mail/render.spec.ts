import { MailRenderer, formatUtc, subjectFor, type ReportData } from '../../src/mail/render';
import { renderMapSvg } from '../../src/mail/map-svg';
import { drawMapPng } from '../../src/mail/map-png';
import { buildMessage, composeRaw, outboundMessageId } from '../../src/mail/outbound';
import { parseMail } from '../../src/mail/parse';
import { simpleParser } from 'mailparser';
import { flat } from '../support/text';

const renderer = new MailRenderer();
const game = {
  gameId: 'G-abc123',
  gameName: 'Coral Sea 1942',
  side: 'japanese',
  turn: 3,
  step: { id: 't3/battle/coral-sea', title: 'Turn 3: Battle of the Coral Sea (8.1)' },
  replyAddress: 'umpire+G-abc123.japanese.0123@umpire.test',
};

const report: ReportData = {
  ...game,
  knowledge: ['Enemy carriers sighted in the Coral Sea.', 'Shoho <damaged>'],
  map: {
    cells: [
      {
        kind: 'area',
        name: 'Coral Sea',
        x: 10,
        y: 5,
        units: [
          { side: 'japanese', count: 3 },
          { side: 'allied', count: 2, label: '2 CV' },
        ],
        control: 'allied',
      },
      { kind: 'area', name: 'Truk', units: [{ side: 'japanese', count: 5 }], control: 'japanese' },
      { kind: 'area', name: 'Java Sea', units: [] },
    ],
  },
  narrative: [
    {
      text: 'Search at Coral Sea',
      rule: '8.2',
      dice: [{ index: 0, purpose: 'search roll', rule: '8.2', faces: [4] }],
    },
    { text: 'Air strike on Lexington', dice: [{ index: 1, purpose: 'hits', rule: '9.1', faces: [6, 2, 5] }] },
  ],
  dice: {
    anchor: 'a'.repeat(64),
    revealedSeeds: [
      { turn: 1, seed: 'b'.repeat(64) },
      { turn: 2, seed: 'c'.repeat(64) },
    ],
    gameId: 'G-render',
    steps: [
      {
        stepId: 't3/battle/coral-sea/1/day',
        turn: 3,
        ordersHash: 'd'.repeat(64),
        dice: [{ index: 0, face: 4, purpose: 'search roll', rule: '8.2' }],
      },
    ],
  },
  latestEventHash: 'e'.repeat(64),
  latestEventSeq: 42,
  next: {
    what: 'Orders for turn 4 movement.',
    deadline: '2026-11-23T18:00:00Z',
    awaiting: ['japanese', 'allied'],
  },
};

describe('MailRenderer', () => {
  it('renders a report with every die, the rules, the seeds, the hash and the deadline', () => {
    const r = renderer.render('report', report);
    // japanese is awaited: the report asks for orders now
    expect(r.subject).toBe('ACTION G-abc123 japanese t3: Battle of the Coral Sea');
    for (const part of [r.text, r.html]) {
      expect(part).toContain('die #0: [4] for search roll (rule 8.2)');
      expect(part).toContain('die #1: [6] [2] [5] for hits (rule 9.1)');
      expect(part).toContain('a'.repeat(64));
      expect(part).toContain('c'.repeat(64));
      expect(part).toContain('d'.repeat(64));
      expect(part).toContain('e'.repeat(64));
      expect(part).toContain('Mon 23 Nov 2026 18:00 UTC');
      expect(part).toContain('t3/battle/coral-sea');
      // each die with what recomputes it: its step, index and face, the step's orders hash (issue 12 item 5)
      expect(part).toContain(`Orders hash of t3/battle/coral-sea/1/day (turn 3)`);
      expect(part).toContain('die 0 = 4');
      expect(part).toContain('G-render');
    }
    expect(flat(r.text)).toContain(flat(`Orders hash of t3/battle/coral-sea/1/day (turn 3): ${'d'.repeat(64)}`));
    expect(flat(r.text)).toContain(flat('Coral Sea [allied]: japanese 3; allied 2 (2 CV)'));
    expect(flat(r.text)).toContain(flat('Java Sea: empty'));
    expect(flat(r.text)).toContain(flat('Shoho <damaged>'));
    expect(r.html).toContain('Shoho &lt;damaged&gt;');
    // the map: a PNG shown inline by Content-ID (no inline SVG, which many mail clients drop)
    expect(r.html).not.toContain('<svg');
    expect(r.html).toContain('<img src="cid:map@umpire"');
    // drawn as the mail is sent (outbound.ts drawPictures): the rendering holds the SVG it is drawn from
    expect(r.attachments).toEqual([
      { filename: 'map.png', contentType: 'image/png', svg: expect.stringMatching(/^<svg /), cid: 'map@umpire' },
    ]);
    expect(r.text).toMatch(/\n-- \n/);
  });

  it('renders the same bytes for the same data', () => {
    expect(renderer.render('report', report)).toEqual(renderer.render('report', report));
  });

  it('acknowledges orders: what was taken step by step, a FOR section refused as it arrived with its hints, commitment, who is awaited', () => {
    const r = renderer.render('acknowledgment', {
      ...game,
      receivedAt: '2026-11-21T21:00:00Z',
      headline: 'Taken: your orders for Battle of the Coral Sea, sealed until the step resolves.',
      sections: [{ title: 'Battle of the Coral Sea', note: 'sealed until the step resolves', lines: ['Akagi to Coral Sea'] }],
      refused: [
        {
          title: 'Turn 3: raiders',
          word: 'RAIDERS',
          errors: [{ line: 2, text: 'Yamoto to Midway', problem: 'no unit "Yamoto"', hint: 'did you mean Yamato?', rule: '5.1' }],
        },
      ],
      commitment: 'f'.repeat(64),
      deadline: '2026-11-23T18:00:00Z',
      awaiting: ['allied'],
    });
    expect(r.subject).toBe('FYI G-abc123 japanese t3: orders received, Battle of the Coral Sea');
    expect(flat(r.text)).toContain(flat('1. Akagi to Coral Sea'));
    expect(flat(r.text)).toContain(flat('FOR RAIDERS: Turn 3: raiders'));
    expect(flat(r.text)).toContain(flat('line 2: Yamoto to Midway'));
    expect(flat(r.text)).toContain(flat('try: did you mean Yamato?'));
    expect(flat(r.text)).toContain(flat('f'.repeat(64)));
    expect(flat(r.text)).toContain(flat('Still awaited: allied'));
    expect(r.html).toContain('did you mean Yamato?');
  });

  it('renders rejection, help, status and reminder', () => {
    const rej = renderer.render('rejection', {
      problem: 'The message does not say which game it is for.',
      hint: 'Put "GAME G-…" on the first line.',
      receivedSubject: 'orders',
    });
    expect(rej.subject).toBe('FYI umpire: refused');
    expect(flat(rej.text)).toContain(flat('What would be right:'));
    const help = renderer.render('help', {
      umpireAddress: 'umpire@umpire.test',
      orderSyntax: ['<unit> to <area>'],
    });
    expect(flat(help.text)).toContain(flat('RESEND [turn]'));
    // a player's HELP (or a stranger's) lists no referee command; the referee's (side null) adds them
    expect(flat(help.text)).not.toContain(flat('Referee only'));
    expect(flat(help.text)).not.toContain(flat('EXTEND'));
    expect(help.html).not.toContain('FORCE');
    const refereeHelp = renderer.render('help', { ...game, side: null, umpireAddress: 'umpire@umpire.test', orderSyntax: [] });
    expect(refereeHelp.text).toMatch(/Referee only:\n\s+EXTEND/);
    expect(refereeHelp.html).toContain('FORCE');
    const playerHelp = renderer.render('help', { ...game, umpireAddress: 'umpire@umpire.test', orderSyntax: [] });
    expect(playerHelp.text).not.toMatch(/EXTEND|FORCE|NOTE text/);
    expect(flat(help.text)).toContain(flat('<unit> to <area>'));
    const status = renderer.render('status', {
      ...game,
      deadline: '2026-11-23T18:00:00Z',
      awaiting: ['allied'],
      received: [{ side: 'japanese', at: '2026-11-21T21:00:00Z', commitment: '1234' }],
      players: [{ side: 'japanese', name: 'Yamamoto' }, { side: 'allied' }],
    });
    expect(flat(status.text)).toContain(flat('japanese at Sat 21 Nov 2026 21:00 UTC, commitment 1234'));
    const rem = renderer.render('reminder', {
      ...game,
      deadline: '2026-11-23T18:00:00Z',
      card: {
        stepId: 't3/patrol/japanese',
        title: 'Turn 3: Japanese patrol movement (5.21)',
        syntax: ['<unit> TO <area>'],
        example: ['Yamato TO Coral Sea'],
        defaultOrders: ['STAY'],
        deadline: '2026-11-23T18:00:00Z',
        graceUntil: '2026-11-23T20:00:00Z',
      },
    });
    // the phrase once, then the default that will apply and the end of grace
    expect(rem.text.match(/no orders from you/g)).toHaveLength(1);
    expect(flat(rem.text)).toContain(flat('If nothing comes by the deadline: these orders apply:\nSTAY'));
    expect(flat(rem.text)).toContain(
      flat('Deadline: Mon 23 Nov 2026 18:00 UTC; late orders are still taken until Mon 23 Nov 2026 20:00 UTC.'),
    );
    const extended = renderer.render('reminder', { ...game, deadline: '2026-11-24T18:00:00Z', extended: { was: '2026-11-23T18:00:00Z' } });
    expect(flat(extended.text)).toContain(flat('The referee extended the deadline of this step (it was Mon 23 Nov 2026 18:00 UTC).'));
    expect(rem.subject).toBe('ACTION G-abc123 japanese t3: reminder, Battle of the Coral Sea');
    expect(subjectFor('status', { gameId: 'G-1', side: null })).toBe('FYI G-1 referee: status');
  });

  it('renders HELP <topic>: the section alone with the topics there are; an unknown topic says so', () => {
    const section = renderer.render('help', {
      ...game,
      umpireAddress: 'umpire@umpire.test',
      topic: 'STANDING',
      title: 'Standing instructions',
      showCommands: false,
      orderSyntax: ['STANDING NIGHT | DAY'],
      topics: ['ORDERS', 'STANDING', 'COMMANDS', 'ALL'],
    });
    expect(flat(section.text)).toContain(flat('Standing instructions\n  STANDING NIGHT | DAY'));
    expect(flat(section.text)).not.toContain(flat('RESEND [turn]'));
    expect(flat(section.text)).toContain(flat('More help: HELP <topic>, one of ORDERS, STANDING, COMMANDS, ALL.'));
    expect(section.html).toContain('<h1>Standing instructions</h1>');
    const unknown = renderer.render('help', {
      ...game,
      umpireAddress: 'umpire@umpire.test',
      unknownTopic: 'tactics',
      title: 'No help topic "tactics"',
      showCommands: false,
      orderSyntax: [],
      topics: ['ORDERS', 'ALL'],
    });
    expect(flat(unknown.text)).toContain(flat('There is no help on "tactics".'));
    expect(flat(unknown.text)).toContain(flat('one of ORDERS, ALL.'));
    expect(unknown.html).toContain('There is no help on “tactics”.');
  });

  it('renders a referee confirmation: the command, what was done, the deadline, who is awaited', () => {
    const r = renderer.render('confirmation', {
      ...game,
      side: null,
      replyAddress: 'umpire+G-abc123.referee.0123@umpire.test',
      command: 'EXTEND 1440m',
      done: ['The deadline is now 2026-11-23T18:00:00.000Z.'],
      deadline: '2026-11-23T18:00:00Z',
      awaiting: ['allied'],
    });
    expect(r.subject).toBe('FYI G-abc123 referee t3: done EXTEND 1440m, Battle of the Coral Sea');
    expect(flat(r.text)).toContain(flat('Done: EXTEND 1440m\n  The deadline is now 2026-11-23T18:00:00.000Z.'));
    expect(flat(r.text)).toContain(flat('Deadline now: Mon 23 Nov 2026 18:00 UTC'));
    expect(flat(r.text)).toContain(flat('Still awaited: allied'));
    expect(r.text).toContain('Reply to this mail (just press Reply)');
    expect(r.text).toMatch(/^umpire\+G-abc123\.referee\.0123@umpire\.test$/m);
    expect(r.html).toContain('<li>The deadline is now 2026-11-23T18:00:00.000Z.</li>');
  });

  it("renders press: the sender's side, the recipients, the text as written (escaped in HTML), how to answer", () => {
    const r = renderer.render('press', {
      ...game,
      side: 'allied',
      from: 'japanese',
      to: ['allied'],
      copy: false,
      seq: 42,
      lines: ['Admiral,', '', 'meet me at <b>Midway</b> & bring cake.'],
    });
    expect(r.subject).toBe('FYI G-abc123 allied t3: press from japanese, Battle of the Coral Sea');
    expect(flat(r.text)).toContain(
      flat('Press from japanese to allied (game log event 42):\n\n  Admiral,\n\n  meet me at <b>Midway</b> & bring cake.'),
    );
    expect(flat(r.text)).toContain(flat('write PRESS and your message'));
    expect(r.html).toContain('meet me at &lt;b&gt;Midway&lt;/b&gt; &amp; bring cake.');
    expect(r.html).not.toContain('<b>Midway</b>');
    const copy = renderer.render('press', {
      ...game,
      side: null,
      from: 'japanese',
      to: ['allied'],
      copy: true,
      seq: 42,
      lines: ['hi'],
    });
    expect(flat(copy.text)).toContain(flat("Referee's copy of press from japanese to allied"));
  });

  it('renders HISTORY: a summary, then each report under its original subject and time', () => {
    const r = renderer.render('history', {
      ...game,
      askedTurn: 3,
      summary: '2 reports sent to you, each exactly as it was sent.',
      entries: [
        {
          n: 1,
          subject: '[umpire G-abc123] report japanese turn 3: A',
          sentAt: '2026-11-21T21:00:00Z',
          lines: ['first <report>'],
        },
        {
          n: 2,
          subject: '[umpire G-abc123] report japanese turn 3: B',
          sentAt: '2026-11-22T21:00:00Z',
          lines: ['second'],
        },
      ],
    });
    expect(r.subject).toBe('FYI G-abc123 japanese t3: history, Battle of the Coral Sea');
    expect(flat(r.text)).toContain(flat('History of turn 3: 2 reports sent to you, each exactly as it was sent.'));
    expect(flat(r.text)).toContain(
      flat('===== 1. [umpire G-abc123] report japanese turn 3: A (sent Sat 21 Nov 2026 21:00 UTC) =====\nfirst <report>'),
    );
    expect(r.text.indexOf('===== 2.')).toBeGreaterThan(r.text.indexOf('===== 1.'));
    expect(r.html).toContain('first &lt;report&gt;');
  });

  it('formats times in UTC', () => {
    expect(formatUtc('2026-11-21T23:30:00-05:00')).toBe('Sun 22 Nov 2026 04:30 UTC');
  });
});

describe('renderMapSvg', () => {
  it('escapes names and colours sides consistently', () => {
    const svg = renderMapSvg({ cells: [{ kind: 'area', name: 'A & <B>', units: [{ side: 'allied', count: 1 }], control: 'allied' }] });
    expect(svg).toContain('A &amp; &lt;B&gt;');
    expect(svg.match(/#2c6fbb|#c0392b/g)?.length).toBeGreaterThan(1);
  });

  it("draws connections, ports and bases in their owners' colours, units by type and battles, with the caption", () => {
    const svg = renderMapSvg(
      {
        cells: [
          {
            kind: 'area',
            name: 'North',
            x: 10,
            y: 6,
            units: [{ side: 'red', count: 3, label: '2 CV, 1 BB' }],
            control: 'red',
            battle: 'now',
          },
          { kind: 'area', name: 'South', x: 10, y: 26, units: [], control: null },
        ],
        links: [{ a: 'North', b: 'South' }],
        places: [{ name: 'Harbor & Co', kind: 'port', owner: 'blue', touches: ['North', 'South'], units: [{ side: 'blue', count: 2 }] }],
        sides: [
          { id: 'red', name: 'Reds', short: 'R', colour: '#aa0000' },
          { id: 'blue', name: 'Blues', colour: '#0000aa' },
        ],
        note: 'Schematic layout.',
      },
      'Test map',
    );
    expect(svg).toContain('R: 2 CV, 1 BB');
    // issue 28: a port's units are listed by what they are, as at sea (a count alone when the game gives no types)
    expect(svg).toContain('>Harbor &amp; Co<');
    expect(svg).toContain('>B: 2<');
    expect(svg).toMatch(/<rect x="\d+" y="\d+" width="12" height="12" fill="#0000aa"/);
    expect(svg).toMatch(/<path d="M\d+ \d+ L\d+ \d+"\/>/);
    expect(svg).toContain('<polygon');
    expect(svg).toContain('Schematic layout.');
    expect(svg).toContain('Blues (B)');
  });
});

describe('outbound messages', () => {
  it('carry deterministic ids, threading, List-Id and automatic marks', async () => {
    const rendered = renderer.render('report', report);
    const msg = buildMessage(
      {
        idempotencyKey: 'G-abc123/japan@example.org/report/42',
        from: { address: 'umpire@umpire.test', name: 'Umpire' },
        to: 'japan@example.org',
        replyTo: game.replyAddress,
        domain: 'umpire.test',
        gameId: 'G-abc123',
        side: 'japanese',
        autoSubmitted: 'auto-generated',
        date: new Date('2026-11-21T21:00:00Z'),
      },
      rendered,
    );
    expect(msg.messageId).toBe(`<${outboundMessageId('G-abc123/japan@example.org/report/42', 'umpire.test')}>`);
    const raw = await composeRaw(msg);
    const parsed = await parseMail(raw, { maxBytes: 10 * 1024 * 1024 });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const m = parsed.message;
    expect(m.messageId).toBe(outboundMessageId('G-abc123/japan@example.org/report/42', 'umpire.test'));
    expect(m.inReplyTo).toBe('thread.G-abc123.japanese@umpire.test');
    expect(m.references).toEqual(['thread.G-abc123.japanese@umpire.test']);
    // Our own mail is automatic by every test the parser applies: no loops.
    expect(m.automaticReason).toBe('Auto-Submitted: auto-generated');
    const head = raw.toString('utf8').split('\r\n\r\n')[0];
    expect(head).toMatch(/^List-Id: <G-abc123\.umpire\.test>\r?$/im);
    expect(head).toMatch(/^Precedence: bulk\r?$/m);
    expect(head).toMatch(/^Date: Sat, 21 Nov 2026 21:00:00 \+0000\r?$/m);
  });

  it('carry the report map as an inline PNG the HTML part shows by its Content-ID', async () => {
    const rendered = renderer.render('report', report);
    const msg = buildMessage(
      {
        idempotencyKey: 'G-abc123/japan@example.org/report/43',
        from: { address: 'umpire@umpire.test', name: 'Umpire' },
        to: 'japan@example.org',
        domain: 'umpire.test',
        gameId: 'G-abc123',
        side: 'japanese',
        autoSubmitted: 'auto-generated',
      },
      rendered,
    );
    const raw = await composeRaw(msg);
    expect(raw.toString('latin1')).toMatch(/Content-Type: multipart\/related/i);
    const parsed = await simpleParser(raw, { keepCidLinks: true });
    expect(parsed.attachments).toHaveLength(1);
    const [png] = parsed.attachments;
    expect(png).toMatchObject({ contentType: 'image/png', filename: 'map.png', cid: 'map@umpire', contentDisposition: 'inline' });
    const drawn = rendered.attachments[0];
    if (!('svg' in drawn)) throw new Error('the map is drawn when sent');
    const map = await drawMapPng(drawn.svg);
    expect(png.content.equals(map.png)).toBe(true);
    expect(png.content.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(parsed.html).toContain(`width="${map.width}" height="${map.height}"`);
    expect(parsed.html).toContain('src="cid:map@umpire"');
    // the whole mail stays small: the map is the bulk of it
    expect(raw.length).toBeLessThan(200 * 1024);
  });

  it('with the map drawn as the mail is sent, the same bytes as a mail carrying the PNG from the start', async () => {
    const rendered = renderer.render('report', report);
    const drawn = rendered.attachments[0];
    if (!('svg' in drawn)) throw new Error('the map is drawn when sent');
    const head = {
      idempotencyKey: 'G-abc123/japan@example.org/report/44',
      from: { address: 'umpire@umpire.test', name: 'Umpire' },
      to: 'japan@example.org',
      domain: 'umpire.test',
      gameId: 'G-abc123',
      side: 'japanese',
      autoSubmitted: 'auto-generated' as const,
      date: new Date('2026-11-21T21:00:00Z'),
    };
    const png = (await drawMapPng(drawn.svg)).png.toString('base64');
    const carried = {
      ...rendered,
      attachments: [{ filename: 'map.png', contentType: 'image/png', content: png, encoding: 'base64' as const, cid: drawn.cid }],
    };
    // multipart boundaries are random per message: the rest must match byte for byte
    const same = (b: Buffer) => b.toString('latin1').replace(/_NmP-[0-9a-f]+-Part_/g, '_NmP-x-Part_');
    const later = same(await composeRaw(buildMessage(head, rendered)));
    expect(later).toBe(same(await composeRaw(buildMessage(head, carried))));
    expect(later).toContain(png.slice(0, 76));
  });
});

describe('a board picture once per board (issue 33)', () => {
  const shown = renderer.render('report', report).picture!;

  it('names what the picture showed: the hash of the board view and the step', () => {
    expect(shown).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), step: 'Turn 3: Battle of the Coral Sea (8.1)' });
    // the title and the moment are not the board: the same cells a turn later are the same picture
    expect(renderer.render('report', { ...report, turn: 4 }).picture).toEqual(shown);
  });

  it('Given the recipient was last shown this board, When the next report is rendered, Then it has no picture and one line says so', () => {
    const r = renderer.render('report', { ...report, turn: 4, lastPicture: { ...shown, step: 'Turn 3: Battle of the Coral Sea' } });
    expect(r.attachments).toEqual([]);
    expect(r.picture).toBeUndefined();
    expect(r.html).not.toContain('cid:map@umpire');
    for (const part of [r.text, r.html])
      expect(flat(part)).toContain('The board is as in your last picture (Turn 3: Battle of the Coral Sea).');
    // the cells are still listed in the text part
    expect(flat(r.text)).toContain(flat('Coral Sea [allied]: japanese 3; allied 2 (2 CV)'));
  });

  it('Given the board changed since the last picture, Then the report has its picture', () => {
    const moved = { ...report.map!, cells: report.map!.cells.map((c) => (c.name === 'Java Sea' ? { ...c, control: 'japanese' } : c)) };
    const r = renderer.render('report', { ...report, map: moved, lastPicture: shown });
    expect(r.attachments).toHaveLength(1);
    expect(r.picture?.hash).not.toBe(shown.hash);
    expect(r.text).not.toContain('as in your last picture');
  });
});
