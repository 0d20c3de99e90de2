import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Config } from '../config/config';
import type { Services } from '../services/container';
import { SecretBox } from '../shared/secret-box';
import { gameMails } from '../store/game-mails';
import { GamePages, type PageResponse } from '../services/game-page/pages';
import { CONFIG, SERVICES } from './tokens';

/**
 * A game's read-only pages, opened by a signed link only (`umpire page-link`): GET /game/<link>
 * (the timeline and the rulings), /step/<n> (one step as the link's viewer saw it), /dice (every
 * die with its check), /mails (the referee's: the game's inbound mail). A changed or expired link
 * gets a 403 page saying which.
 */
@Controller('game')
export class GamePageController {
  private readonly pages: GamePages;

  constructor(@Inject(SERVICES) s: Services, @Inject(CONFIG) config: Config) {
    const box = new SecretBox(config.UMPIRE_SECRET, 'inbound-mail');
    this.pages = new GamePages({
      events: s.events,
      mails: (gameId) => gameMails(s.db, box, gameId, 1000),
      secret: config.UMPIRE_SECRET,
    });
  }

  @Get(':token')
  async index(@Param('token') token: string, @Res() res: Response): Promise<void> {
    send(res, await this.pages.index(token));
  }

  @Get(':token/step/:n')
  async step(@Param('token') token: string, @Param('n') n: string, @Res() res: Response): Promise<void> {
    send(
      res,
      /^[1-9]\d{0,6}$/.test(n)
        ? await this.pages.step(token, Number(n))
        : this.pages.refused(404, `"${n}" is no step number: steps are numbered 1, 2, 3, ...`),
    );
  }

  @Get(':token/dice')
  async dice(@Param('token') token: string, @Res() res: Response): Promise<void> {
    send(res, await this.pages.dice(token));
  }

  @Get(':token/mails')
  async mails(@Param('token') token: string, @Res() res: Response): Promise<void> {
    send(res, await this.pages.mails(token));
  }
}

/** The part of Express's response used here (the project has no Express typings). */
interface Response {
  status(code: number): Response;
  set(headers: Record<string, string>): Response;
  send(body: string): unknown;
}

/** No script, no outside resource, no referrer (the link is the credential), never cached or indexed. */
function send(res: Response, page: PageResponse): void {
  res
    .status(page.status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex, nofollow',
    })
    .send(page.html);
}
